//! The library's layers, read from its source: every `crate::…`,
//! `super::…` and `self::…` path in `src/**/*.rs`, in a `use` line or
//! written in code.
//!
//! A module may use modules of its own layer or of the layers below it,
//! never one above (docs/architecture.md gives the order and why), and
//! neither the modules of the crate nor the files of one module may import
//! each other in a circle. The test links nothing of the crate: it reads
//! text, so it costs a small binary of its own and no wgpu, winit or egui.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

/// The layers from the bottom up, each with its top-level modules. A
/// module of the crate that is in none of them fails the test, so a new
/// module has to be placed.
const LAYERS: &[(&str, &[&str])] = &[
    // Leaf utilities: they use no other module of the crate.
    (
        "utilities",
        &["platform", "portable_math", "property_cases", "tick"],
    ),
    ("collision", &["collision"]),
    ("physics", &["physics"]),
    ("level", &["level"]),
    // The simulation and what it reads and writes: pure, no GPU.
    (
        "simulation",
        &[
            "camera",
            "config",
            "demo",
            "doors",
            "edit",
            "gamepad",
            "bindings",
            "map",
            "replay",
            "simulation",
            "walker",
        ],
    ),
    // What the simulation sounds like: it listens to the simulation's
    // events and never feeds back.
    ("sound", &["sound"]),
    ("render", &["render"]),
    ("app", &["app"]),
];

/// Files allowed to use a module above their own, with the module: each
/// must still need it, so an entry goes when its reason does.
const EXCEPTIONS: &[(&str, &str)] = &[];

#[test]
fn modules_use_only_their_own_layer_and_those_below() {
    let crate_files = CrateFiles::read();
    let mut wrong_way = String::new();
    let mut used_exceptions = BTreeSet::new();
    for file in crate_files.files.values() {
        let Some(own) = file.module.first() else {
            continue; // The crate root declares every module.
        };
        let own_layer = layer_of(own).unwrap_or_else(|| panic!("{own} is in no layer of LAYERS"));
        for used in &file.crate_modules {
            let used_layer =
                layer_of(used).unwrap_or_else(|| panic!("{used} is in no layer of LAYERS"));
            if used_layer <= own_layer {
                continue;
            }
            let exception = (file.path.as_str(), used.as_str());
            if EXCEPTIONS.contains(&exception) {
                used_exceptions.insert(exception);
                continue;
            }
            writeln!(
                wrong_way,
                "src/{} ({own}, layer {}) uses {used} (layer {}, above it)",
                file.path, LAYERS[own_layer].0, LAYERS[used_layer].0
            )
            .unwrap();
        }
    }
    for exception in EXCEPTIONS {
        assert!(
            used_exceptions.contains(exception),
            "src/{} no longer uses {}: remove it from EXCEPTIONS",
            exception.0,
            exception.1
        );
    }
    assert!(
        wrong_way.is_empty(),
        "modules that use a layer above their own:\n{wrong_way}"
    );
}

#[test]
fn the_crates_modules_do_not_use_each_other_in_a_circle() {
    let crate_files = CrateFiles::read();
    let mut edges: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for file in crate_files.files.values() {
        let Some(own) = file.module.first() else {
            continue;
        };
        edges
            .entry(own.clone())
            .or_default()
            .extend(file.crate_modules.iter().cloned());
    }
    let circles = circles(&edges);
    assert!(
        circles.is_empty(),
        "modules that use each other in a circle:\n{}",
        circles.join("\n")
    );
}

#[test]
fn the_files_of_a_module_do_not_import_each_other_in_a_circle() {
    let crate_files = CrateFiles::read();
    let mut edges: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for (module, file) in &crate_files.files {
        let Some(own) = module.first() else {
            continue;
        };
        let targets = edges.entry(file.path.clone()).or_default();
        for import in &file.imports {
            let target = crate_files.defining_file(&import.path);
            // A module's root re-exporting its own files is its interface,
            // not something it uses.
            let own_child = target.len() > module.len() && target.starts_with(module);
            if target == *module || target.first() != Some(own) || (import.public && own_child) {
                continue;
            }
            targets.insert(crate_files.files[&target].path.clone());
        }
    }
    let circles = circles(&edges);
    assert!(
        circles.is_empty(),
        "files of one module that import each other in a circle:\n{}",
        circles.join("\n")
    );
}

/// The session's parts, each a folder of `app/`: the interface they stand
/// behind (`app/part.rs`) names none of their types.
const PARTS: &[&str] = &["editing", "map", "playback", "walking"];

#[test]
fn the_part_interface_names_no_part() {
    let crate_files = CrateFiles::read();
    let interface = &crate_files.files[&vec!["app".to_string(), "part".to_string()]];
    let named: Vec<String> = interface
        .imports
        .iter()
        .filter(|import| {
            let target = crate_files.defining_file(&import.path);
            target.first().map(String::as_str) == Some("app")
                && target
                    .get(1)
                    .is_some_and(|name| PARTS.contains(&name.as_str()))
        })
        .map(|import| import.path.join("::"))
        .collect();
    assert!(
        named.is_empty(),
        "src/app/part.rs names a part's own types: {}",
        named.join(", ")
    );
}

/// The index in [`LAYERS`] of top-level module `module`.
fn layer_of(module: &str) -> Option<usize> {
    LAYERS
        .iter()
        .position(|(_, modules)| modules.contains(&module))
}

/// One line per circle in the graph `edges`: the nodes of each strongly
/// connected component of more than one node, and the edges among them.
fn circles(edges: &BTreeMap<String, BTreeSet<String>>) -> Vec<String> {
    let nodes: Vec<&String> = edges.keys().collect();
    let reaches = |from: &String| -> BTreeSet<String> {
        let mut seen = BTreeSet::new();
        let mut stack = vec![from.clone()];
        while let Some(node) = stack.pop() {
            for next in edges.get(&node).into_iter().flatten() {
                if seen.insert(next.clone()) {
                    stack.push(next.clone());
                }
            }
        }
        seen
    };
    let reach: BTreeMap<&String, BTreeSet<String>> =
        nodes.iter().map(|node| (*node, reaches(node))).collect();
    let mut placed = BTreeSet::new();
    let mut lines = Vec::new();
    for node in &nodes {
        if placed.contains(*node) || !reach[node].contains(*node) {
            continue;
        }
        let component: BTreeSet<&String> = nodes
            .iter()
            .copied()
            .filter(|other| reach[node].contains(*other) && reach[other].contains(*node))
            .collect();
        placed.extend(component.iter().map(|node| (*node).clone()));
        let among: Vec<String> = component
            .iter()
            .flat_map(|from| {
                edges[*from]
                    .iter()
                    .filter(|to| component.contains(to))
                    .map(move |to| format!("{from} -> {to}"))
            })
            .collect();
        lines.push(format!(
            "{{{}}}: {}",
            component
                .iter()
                .map(|node| node.as_str())
                .collect::<Vec<_>>()
                .join(", "),
            among.join(", ")
        ));
    }
    lines
}

/// The library's source files by module path (`[]` for `lib.rs`,
/// `["level", "save"]` for `level/save/mod.rs`).
struct CrateFiles {
    files: BTreeMap<Vec<String>, SourceFile>,
}

/// What one file of the library imports.
struct SourceFile {
    /// The path under `src/`.
    path: String,
    /// The file's module path.
    module: Vec<String>,
    /// Every path that starts at `crate`, `super` or `self`, made absolute
    /// (without `crate`): each leaf of a `use`, and each such path written
    /// in code (`super::contact::LINEAR_SLOP`).
    imports: Vec<Import>,
    /// The top-level modules that its imports name, its own left out.
    crate_modules: BTreeSet<String>,
}

/// One path a `use` brings in, or one written in code.
struct Import {
    path: Vec<String>,
    /// A `pub` or `pub(…)` use: a re-export. Never a path in code.
    public: bool,
}

impl CrateFiles {
    fn read() -> Self {
        let source = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
        let mut paths = Vec::new();
        rust_files(&source, &mut paths);
        let mut files = paths
            .into_iter()
            .filter_map(|path| {
                let relative = path
                    .strip_prefix(&source)
                    .unwrap()
                    .to_string_lossy()
                    .replace('\\', "/");
                // The binary is a crate of its own, which uses the library
                // by name.
                if relative == "main.rs" {
                    return None;
                }
                let mut module: Vec<String> = relative
                    .trim_end_matches(".rs")
                    .split('/')
                    .map(str::to_string)
                    .collect();
                if matches!(module.last().map(String::as_str), Some("mod" | "lib")) {
                    module.pop();
                }
                let text = std::fs::read_to_string(&path).expect("read a source file");
                let file = SourceFile::parse(relative, module.clone(), &text);
                Some((module, file))
            })
            .collect::<BTreeMap<_, _>>();
        // `crate::NAME` and `super::NAME` may name an item of the crate
        // root; only modules are layered.
        let top_level: BTreeSet<String> = files
            .keys()
            .filter(|module| module.len() == 1)
            .map(|module| module[0].clone())
            .collect();
        for file in files.values_mut() {
            file.crate_modules.retain(|name| top_level.contains(name));
        }
        Self { files }
    }

    /// The module path of the file that defines what `path` names: its
    /// longest prefix that is a file, followed through that file's
    /// re-export of the next name, if it has one.
    fn defining_file(&self, path: &[String]) -> Vec<String> {
        for length in (0..=path.len()).rev() {
            let module = &path[..length];
            let Some(file) = self.files.get(module) else {
                continue;
            };
            if let Some(name) = path.get(length) {
                let reexport = file.imports.iter().find(|import| {
                    import.public
                        && import.path.last() == Some(name)
                        && import.path.len() > length + 1
                        && import.path.starts_with(module)
                });
                if let Some(reexport) = reexport {
                    return self.defining_file(&reexport.path);
                }
            }
            return module.to_vec();
        }
        Vec::new()
    }
}

/// Every `.rs` file under `folder`, at any depth.
fn rust_files(folder: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(folder).expect("read a source folder") {
        let path = entry.expect("a folder entry").path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|extension| extension == "rs") {
            out.push(path);
        }
    }
}

impl SourceFile {
    fn parse(path: String, module: Vec<String>, text: &str) -> Self {
        let tokens = tokens(&code_only(text));
        let mut imports = Vec::new();
        let mut crate_modules = BTreeSet::new();
        // Inline modules (`mod tests { … }`) open around the current token,
        // each with the brace depth its body is at.
        let mut inline: Vec<(String, usize)> = Vec::new();
        let mut depth = 0;
        let mut index = 0;
        while index < tokens.len() {
            match tokens[index].as_str() {
                "{" => depth += 1,
                "}" => {
                    if inline.last().is_some_and(|(_, at)| *at == depth) {
                        inline.pop();
                    }
                    depth -= 1;
                }
                "mod" if tokens.get(index + 2).is_some_and(|token| token == "{") => {
                    inline.push((tokens[index + 1].clone(), depth + 1));
                }
                // Not `impl Trait + use<…>`, which names what a type captures.
                "use" if tokens.get(index + 1).is_some_and(|token| token != "<") => {
                    let public = (index >= 1 && tokens[index - 1] == "pub")
                        || (index >= 4 && tokens[index - 1] == ")" && tokens[index - 4] == "pub");
                    let end = tokens[index..]
                        .iter()
                        .position(|token| token == ";")
                        .map_or(tokens.len(), |at| index + at);
                    let mut here = module.clone();
                    here.extend(inline.iter().map(|(name, _)| name.clone()));
                    for relative in use_tree(&tokens[index + 1..end]) {
                        if let Some(path) = absolute(&here, &relative) {
                            imports.push(Import { path, public });
                        }
                    }
                    index = end;
                }
                // A path written in code, not in a `use` line:
                // `crate::a::B`, `super::a::B`, `self::a::B`.
                "crate" | "super" | "self"
                    if tokens.get(index + 1).is_some_and(|token| token == "::")
                        && (index == 0 || tokens[index - 1] != "::") =>
                {
                    let mut relative = vec![tokens[index].clone()];
                    while tokens.get(index + 1).is_some_and(|token| token == "::")
                        && let Some(name) =
                            tokens.get(index + 2).filter(|token| is_identifier(token))
                    {
                        relative.push(name.clone());
                        index += 2;
                    }
                    let mut here = module.clone();
                    here.extend(inline.iter().map(|(name, _)| name.clone()));
                    if let Some(path) = absolute(&here, &relative) {
                        imports.push(Import {
                            path,
                            public: false,
                        });
                    }
                }
                _ => {}
            }
            index += 1;
        }
        crate_modules.extend(
            imports
                .iter()
                .filter_map(|import| import.path.first().cloned()),
        );
        if let Some(own) = module.first() {
            crate_modules.remove(own);
        }
        Self {
            path,
            module,
            imports,
            crate_modules,
        }
    }
}

/// `relative` (a `use` path) as a path from the crate root, seen from
/// module `here`; `None` for a path into another crate.
fn absolute(here: &[String], relative: &[String]) -> Option<Vec<String>> {
    let first = relative.first()?;
    let mut path = match first.as_str() {
        "crate" => return Some(relative[1..].to_vec()),
        "self" | "super" => here.to_vec(),
        _ => return None,
    };
    let mut rest = relative;
    while let Some((head, tail)) = rest.split_first() {
        match head.as_str() {
            "self" => {}
            "super" => {
                path.pop();
            }
            _ => break,
        }
        rest = tail;
    }
    path.extend(rest.iter().cloned());
    Some(path)
}

/// The paths of a `use` tree's leaves (`a::{b, c::{d, e}}` gives `a::b`,
/// `a::c::d`, `a::c::e`), without `as` renames; `{self}` names its prefix
/// and a glob names its prefix.
fn use_tree(tokens: &[String]) -> Vec<Vec<String>> {
    let mut leaves = Vec::new();
    let mut index = 0;
    collect_tree(tokens, &mut index, &[], &mut leaves);
    leaves
}

fn collect_tree(
    tokens: &[String],
    index: &mut usize,
    prefix: &[String],
    out: &mut Vec<Vec<String>>,
) {
    let mut path = prefix.to_vec();
    while let Some(token) = tokens.get(*index) {
        match token.as_str() {
            "::" => *index += 1,
            "{" => {
                *index += 1;
                while tokens.get(*index).is_some_and(|token| token != "}") {
                    collect_tree(tokens, index, &path, out);
                    if tokens.get(*index).is_some_and(|token| token == ",") {
                        *index += 1;
                    }
                }
                *index += 1;
                return;
            }
            "*" => {
                *index += 1;
                out.push(path);
                return;
            }
            "as" => *index += 2,
            "," | "}" => break,
            "self" if !path.is_empty() => *index += 1,
            _ => {
                path.push(token.clone());
                *index += 1;
            }
        }
    }
    out.push(path);
}

fn is_identifier(token: &str) -> bool {
    token
        .chars()
        .all(|character| character.is_alphanumeric() || character == '_')
}

/// The tokens that matter here: identifiers, `::`, and single punctuation.
fn tokens(code: &str) -> Vec<String> {
    let mut tokens = Vec::new();
    let mut characters = code.chars().peekable();
    while let Some(character) = characters.next() {
        if character.is_alphanumeric() || character == '_' {
            let mut word = character.to_string();
            while let Some(&next) = characters.peek() {
                if !(next.is_alphanumeric() || next == '_') {
                    break;
                }
                word.push(next);
                characters.next();
            }
            tokens.push(word);
        } else if character == ':' && characters.peek() == Some(&':') {
            characters.next();
            tokens.push("::".to_string());
        } else if !character.is_whitespace() {
            tokens.push(character.to_string());
        }
    }
    tokens
}

/// `text` without comments, and with every string and character literal
/// emptied, so that neither can look like a path.
fn code_only(text: &str) -> String {
    let characters: Vec<char> = text.chars().collect();
    let mut code = String::with_capacity(text.len());
    let mut index = 0;
    let at = |index: usize| characters.get(index).copied();
    while let Some(character) = at(index) {
        match character {
            '/' if at(index + 1) == Some('/') => {
                while at(index).is_some_and(|character| character != '\n') {
                    index += 1;
                }
            }
            '/' if at(index + 1) == Some('*') => {
                let mut nesting = 0;
                while index < characters.len() {
                    if at(index) == Some('/') && at(index + 1) == Some('*') {
                        nesting += 1;
                        index += 2;
                    } else if at(index) == Some('*') && at(index + 1) == Some('/') {
                        nesting -= 1;
                        index += 2;
                        if nesting == 0 {
                            break;
                        }
                    } else {
                        index += 1;
                    }
                }
                code.push(' ');
            }
            'r' if matches!(at(index + 1), Some('"' | '#'))
                && !at(index.wrapping_sub(1))
                    .is_some_and(|before| before.is_alphanumeric() || before == '_') =>
            {
                // A raw string: r"…" or r#"…"#.
                let hashes = characters[index + 1..]
                    .iter()
                    .take_while(|character| **character == '#')
                    .count();
                index += 1 + hashes;
                if at(index) != Some('"') {
                    code.push('r');
                    continue;
                }
                index += 1;
                while index < characters.len() {
                    if at(index) == Some('"')
                        && (1..=hashes).all(|offset| at(index + offset) == Some('#'))
                    {
                        index += 1 + hashes;
                        break;
                    }
                    index += 1;
                }
                code.push_str("\"\"");
            }
            '"' => {
                index += 1;
                while let Some(character) = at(index) {
                    index += if character == '\\' { 2 } else { 1 };
                    if character == '"' {
                        break;
                    }
                }
                code.push_str("\"\"");
            }
            '\'' if at(index + 1) == Some('\\') || at(index + 2) == Some('\'') => {
                // A character literal (a lifetime has no closing quote):
                // past the quote and the character, or the escape's first
                // two characters, to the closing quote.
                index += if at(index + 1) == Some('\\') { 3 } else { 2 };
                while at(index).is_some_and(|character| character != '\'') {
                    index += 1;
                }
                index += 1;
                code.push_str("' '");
            }
            _ => {
                code.push(character);
                index += 1;
            }
        }
    }
    code
}
