//! Debian's `freedoom` package, read whole: every map of both WADs reads
//! without an error, and every wall texture and flat a map names decodes.
//! Where the package is not installed the tests are skipped with a note,
//! except under CI (`CI` set), where they fail.

use std::collections::BTreeSet;
use std::process::{Command, Stdio};
use std::time::Instant;

use mazewalker::level::wad::{DoomMap, MapFormat, Wad, WadTextures};

pub use crate::common::freedoom as path;

/// Each tick's `x z feet eye` from `mazewalker replay --heights` of
/// `script` (a tick a line) on `map` of Freedoom's `wad`, from `from`
/// (`x,z`); `None` when Freedoom is not installed.
pub fn replayed_heights(wad: &str, map: &str, from: &str, script: &str) -> Option<Vec<[f32; 4]>> {
    let wad = path(wad)?;
    let wad = wad.to_str().expect("a UTF-8 path");
    let arguments = [
        "replay",
        "--wad",
        wad,
        "--map",
        map,
        "--from",
        from,
        "--heights",
    ];
    let mut child = Command::new(env!("CARGO_BIN_EXE_mazewalker"))
        .args(arguments)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start mazewalker");
    {
        use std::io::Write as _;
        let mut input = child.stdin.take().expect("stdin");
        input.write_all(script.as_bytes()).expect("write the walk");
    }
    let output = child.wait_with_output().expect("run mazewalker");
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let stdout = String::from_utf8_lossy(&output.stdout);
    Some(
        stdout
            .lines()
            .map(|line| {
                let fields: Vec<f32> = line
                    .split_whitespace()
                    .map(|field| field.parse().expect("a number"))
                    .collect();
                fields.try_into().expect("x z feet eye")
            })
            .collect(),
    )
}

/// Every map of `wad`, read, in directory order, and how many warnings
/// they gave.
fn read_every_map(wad: &Wad) -> (Vec<DoomMap>, usize) {
    let mut warnings = 0;
    let maps = wad
        .maps()
        .iter()
        .map(|entry| match wad.read_map(&entry.name) {
            Ok(loaded) => {
                for warning in &loaded.warnings {
                    eprintln!("warning: {warning}");
                }
                warnings += loaded.warnings.len();
                loaded.map
            }
            Err(error) => panic!("{error}"),
        })
        .collect();
    (maps, warnings)
}

/// The wall textures and flats `maps` name, without `-` (none) and
/// `F_SKY1` (the sky).
fn named_pictures(maps: &[DoomMap]) -> (BTreeSet<String>, BTreeSet<String>) {
    let real = |name: &&String| name.as_str() != "-" && name.as_str() != "F_SKY1";
    let walls = maps
        .iter()
        .flat_map(|map| &map.sidedefs)
        .flat_map(|side| [&side.upper, &side.lower, &side.middle])
        .filter(real)
        .cloned()
        .collect();
    let flats = maps
        .iter()
        .flat_map(|map| &map.sectors)
        .flat_map(|sector| [&sector.floor_flat, &sector.ceiling_flat])
        .filter(real)
        .cloned()
        .collect();
    (walls, flats)
}

/// Reads every map of Freedoom's `file` and decodes every picture they
/// name; returns the maps' names and the names no texture or flat has.
fn read_whole(file: &str) -> Option<(Vec<String>, Vec<String>)> {
    let path = path(file)?;
    let started = Instant::now();
    let wad = Wad::open(&path).unwrap_or_else(|error| panic!("{error}"));
    let (maps, warnings) = read_every_map(&wad);
    assert!(maps.iter().all(|map| map.format == MapFormat::Doom));
    let textures = WadTextures::read(&wad).unwrap_or_else(|error| panic!("{error}"));
    let (walls, flats) = named_pictures(&maps);
    let mut missing = Vec::new();
    for name in &walls {
        match textures.wall(name) {
            Ok(Some(image)) => assert!(image.width() > 0 && image.height() > 0, "{name}"),
            Ok(None) => missing.push(name.clone()),
            Err(error) => panic!("{error}"),
        }
    }
    for name in &flats {
        match textures.flat(name) {
            Ok(Some(image)) => assert_eq!(image.dimensions(), (64, 64), "{name}"),
            Ok(None) => missing.push(name.clone()),
            Err(error) => panic!("{error}"),
        }
    }
    eprintln!(
        "{file}: {} maps ({warnings} warnings), {} wall textures and {} flats named, \
         {} missing, read in {:.2?}",
        maps.len(),
        walls.len(),
        flats.len(),
        missing.len(),
        started.elapsed()
    );
    let names = maps.into_iter().map(|map| map.name).collect();
    Some((names, missing))
}

#[test]
fn every_freedoom1_map_and_picture_reads() {
    let Some((maps, missing)) = read_whole("freedoom1.wad") else {
        return;
    };
    let expected: Vec<String> = (1..=4)
        .flat_map(|episode| (1..=9).map(move |map| format!("E{episode}M{map}")))
        .collect();
    assert_eq!(maps, expected);
    assert_eq!(missing, Vec::<String>::new(), "names no picture has");
}

#[test]
fn every_freedoom2_map_and_picture_reads() {
    let Some((maps, missing)) = read_whole("freedoom2.wad") else {
        return;
    };
    let expected: Vec<String> = (1..=32).map(|map| format!("MAP{map:02}")).collect();
    assert_eq!(maps, expected);
    assert_eq!(missing, Vec::<String>::new(), "names no picture has");
}

#[test]
fn freedoom1_e1m1_has_plausible_counts() {
    let Some(path) = path("freedoom1.wad") else {
        return;
    };
    let wad = Wad::open(&path).unwrap_or_else(|error| panic!("{error}"));
    let loaded = wad
        .read_map("E1M1")
        .unwrap_or_else(|error| panic!("{error}"));
    let map = &loaded.map;
    let counts = [
        map.things.len(),
        map.linedefs.len(),
        map.sidedefs.len(),
        map.vertices.len(),
        map.sectors.len(),
    ];
    eprintln!("E1M1: things, linedefs, sidedefs, vertices, sectors: {counts:?}");
    // Counts of a hand-built map of some minutes' play: hundreds of lines,
    // each with one or two sides, and over a hundred sectors.
    assert!((100..1000).contains(&map.things.len()), "{counts:?}");
    assert!((300..3000).contains(&map.linedefs.len()), "{counts:?}");
    assert!(
        (map.linedefs.len()..=2 * map.linedefs.len()).contains(&map.sidedefs.len()),
        "{counts:?}"
    );
    assert!((300..3000).contains(&map.vertices.len()), "{counts:?}");
    assert!((50..500).contains(&map.sectors.len()), "{counts:?}");
    assert_eq!(loaded.warnings, [], "E1M1 is clean");
    assert!(
        map.things.iter().any(|thing| thing.kind == 1),
        "player 1's start"
    );
}
