//! The F1 help overlay's text: one group of aligned lines per context,
//! made from the live bindings.

use super::keymap::Bindings;

/// One group of the help overlay: a heading and its lines.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HelpGroup {
    /// The heading, e.g. the input context the lines apply in; drawn in
    /// its own colour above the lines (no row when empty).
    pub title: String,
    /// The lines under the heading.
    pub lines: Vec<String>,
}

/// Width of the keys column of the help overlay, in characters.
const HELP_KEYS_WIDTH: usize = 15;

impl Bindings {
    /// The help overlay: one group per context, in [`Context::ORDER`]
    /// reversed (always, walking, editing, full map, playback), each action
    /// with every key bound to it (`none` when none) and what it does, then
    /// that context's controls that are not bindings.
    ///
    /// [`Context::ORDER`]: super::Context::ORDER
    pub fn help_groups(&self) -> Vec<HelpGroup> {
        self.listing()
            .into_iter()
            .map(|listed| HelpGroup {
                title: listed.context.title().to_owned(),
                lines: listed
                    .controls
                    .iter()
                    .map(|control| {
                        format!("{:<HELP_KEYS_WIDTH$} {}", control.keys, control.description)
                    })
                    .collect(),
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    use strum::VariantArray;
    use winit::keyboard::KeyCode;

    use super::super::actions::Action;
    use super::super::listing::OTHER_CONTROLS;
    use super::*;

    /// The help's line for `description`, and its group's title.
    fn help_line(groups: &[HelpGroup], description: &str) -> (String, String) {
        let found: Vec<(String, String)> = groups
            .iter()
            .flat_map(|group| {
                group
                    .lines
                    .iter()
                    .filter(|line| line.get(HELP_KEYS_WIDTH + 1..) == Some(description))
                    .map(|line| (group.title.clone(), line.clone()))
            })
            .collect();
        assert_eq!(found.len(), 1, "{description}: {found:?}");
        found[0].clone()
    }

    #[test]
    fn help_groups_each_action_by_context_with_all_its_keys() {
        let groups = Bindings::default().help_groups();
        let titles: Vec<&str> = groups.iter().map(|group| group.title.as_str()).collect();
        assert_eq!(
            titles,
            ["always", "walking", "editing", "full map", "playback"]
        );
        let (title, forward) = help_line(&groups, "walk forward");
        assert_eq!(title, "walking");
        assert!(forward.starts_with("W / Up "), "{forward}");
        let (_, run) = help_line(&groups, "run (hold)");
        assert!(run.starts_with("Shift "), "{run}");
        let (title, plot) = help_line(&groups, "plot a point");
        assert_eq!(title, "editing");
        assert!(plot.starts_with("Space "), "{plot}");
        let (title, pause) = help_line(&groups, "pause / play");
        assert_eq!(title, "playback");
        assert!(pause.starts_with("Space "), "{pause}");
        let (title, undo) = help_line(&groups, "undo an edit");
        assert_eq!(title, "editing");
        assert!(undo.starts_with("Ctrl+Z "), "{undo}");
        // Every action shows once.
        let lines: usize = groups.iter().map(|group| group.lines.len()).sum();
        assert_eq!(lines, Action::VARIANTS.len() + OTHER_CONTROLS.len());
    }

    #[test]
    fn help_lines_are_short_and_aligned() {
        // Two columns of 48 characters fit a 1280-pixel window at the
        // help's scale 2 (12 pixels a character).
        for group in Bindings::default().help_groups() {
            for line in &group.lines {
                assert!(line.len() <= 48, "{line:?} is {} long", line.len());
                assert_eq!(
                    line.as_bytes().get(HELP_KEYS_WIDTH),
                    Some(&b' '),
                    "the keys overflow their column: {line:?}"
                );
            }
        }
    }

    #[test]
    fn help_shows_a_rebound_key_and_an_unbound_action() {
        let overrides = BTreeMap::from([
            (Action::ToggleGhost, vec![KeyCode::KeyN]),
            (Action::Run, vec![KeyCode::ShiftLeft]),
            (Action::ToggleHud, Vec::new()),
        ]);
        let groups = Bindings::with_overrides(&overrides)
            .expect("no conflict")
            .help_groups();
        let (_, ghost) = help_line(&groups, "ghost mode: walk through walls");
        assert!(ghost.starts_with("N "), "{ghost}");
        let (_, run) = help_line(&groups, "run (hold)");
        assert!(run.starts_with("ShiftLeft "), "{run}");
        let (_, hud) = help_line(&groups, "HUD");
        assert!(hud.starts_with("none "), "{hud}");
    }
}
