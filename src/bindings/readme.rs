//! The README's controls table, made from the default bindings.

use super::keymap::Bindings;

impl Bindings {
    /// The README's controls table (Markdown): keys, what they do, their
    /// context and the action's name in the config file's `[bindings]`,
    /// grouped by context as the help is. The test
    /// `readme_controls_table_is_generated` keeps the README equal to it.
    pub fn markdown_table(&self) -> String {
        let mut table =
            String::from("| keys | action | context | `[bindings]` name |\n|---|---|---|---|\n");
        for listed in self.listing() {
            let title = listed.context.title();
            for control in &listed.controls {
                let name_cell = control
                    .name
                    .map_or_else(|| " ".to_owned(), |name| format!(" `{name}` "));
                table.push_str(&format!(
                    "| {} | {} | {title} |{name_cell}|\n",
                    control.keys, control.description
                ));
            }
        }
        table
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn readme_controls_table_is_generated() {
        let readme = include_str!("../../README.md");
        let table = Bindings::default().markdown_table();
        assert!(
            readme.contains(&format!("\n\n{table}\n")),
            "README.md's controls table must be exactly Bindings::default().markdown_table():\n{table}"
        );
    }
}
