//! What one step of editing did, for what follows edits without taking
//! part in them (the sound): an item placed or changed, an item deleted,
//! or a step undone or redone, and where on the plan it happened.

use glam::Vec2;

use super::change::LevelChange;

/// One step of editing, as heard.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum EditEvent {
    /// An item put in the level, or changed there (moved, turned,
    /// repainted), or the start moved: at its middle.
    Placed {
        /// Where, on the plan.
        at: Vec2,
    },
    /// An item taken out of the level: at its middle.
    Deleted {
        /// Where, on the plan.
        at: Vec2,
    },
    /// A step undone or redone: where its first change was.
    Undone {
        /// Where, on the plan.
        at: Vec2,
    },
}

impl EditEvent {
    /// The event of a step that made `changes` (an undo or a redo when
    /// `undone`), placed at its first change; `None` when it changed
    /// nothing.
    pub fn of_step(changes: &[LevelChange], undone: bool) -> Option<EditEvent> {
        let (at, deleted) = match changes.first()? {
            LevelChange::Inserted { piece, .. } => (piece.centre(), false),
            LevelChange::Removed { piece, .. } => (piece.centre(), true),
            LevelChange::Changed(items) => (items.first()?.2.centre(), false),
            LevelChange::StartMoved { to, .. } => (to.at, false),
        };
        Some(match (undone, deleted) {
            (true, _) => EditEvent::Undone { at },
            (false, true) => EditEvent::Deleted { at },
            (false, false) => EditEvent::Placed { at },
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::edit::Piece;
    use crate::level::{LevelWall, MaterialId};

    #[test]
    fn a_step_is_heard_as_what_it_did_at_its_first_changes_middle() {
        let wall = || {
            Piece::Wall(LevelWall::new(
                Vec2::ZERO,
                Vec2::X * 2.0,
                0.3,
                2.8,
                0.15,
                MaterialId(0),
            ))
        };
        let at = Vec2::X;
        let inserted = [LevelChange::Inserted {
            index: 0,
            piece: wall(),
        }];
        let removed = [LevelChange::Removed {
            index: 0,
            piece: wall(),
        }];
        assert_eq!(
            EditEvent::of_step(&inserted, false),
            Some(EditEvent::Placed { at })
        );
        assert_eq!(
            EditEvent::of_step(&removed, false),
            Some(EditEvent::Deleted { at })
        );
        assert_eq!(
            EditEvent::of_step(&removed, true),
            Some(EditEvent::Undone { at })
        );
        assert_eq!(EditEvent::of_step(&[], false), None);
    }
}
