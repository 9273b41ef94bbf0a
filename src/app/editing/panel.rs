//! Edit mode's property panel as the session keeps it, with no window:
//! which item it shows and why the last change was refused. The item is
//! the one carried, or else the one aimed at; when the aim moves off
//! everything (or an item is put down) the last one stays, so that it can
//! be changed with the mouse released (Esc). The shell draws the [`PanelView`] with egui (`panel_ui`) and hands the
//! changes back as [`Input::Property`](super::Input::Property).

use super::super::frame::PanelView;
use crate::edit::properties::fields;
use crate::edit::{Item, LevelChange, Piece};
use crate::level::Level;

/// The panel's state.
#[derive(Debug, Default)]
pub struct Panel {
    /// The item shown.
    shown: Option<Item>,
    /// The item aimed at when last told: the aim moving to another item
    /// shows it.
    aimed: Option<Item>,
    /// Why the last change of the shown item was refused.
    refusal: Option<String>,
}

impl Panel {
    /// The item `carried`, if any, is shown; else the item `aimed` at, if
    /// the aim moved to it since the last call. Nothing aimed, or an aim
    /// that stays where it was while an item was carried and put down,
    /// keeps the last.
    pub fn follow(&mut self, carried: Option<Item>, aimed: Option<Item>) {
        let aim_moved = aimed != self.aimed;
        self.aimed = aimed;
        let next = carried.or(aimed.filter(|_| aim_moved));
        if let Some(item) = next
            && self.shown != Some(item)
        {
            self.shown = Some(item);
            self.refusal = None;
        }
    }

    /// The level changed by `changes`, in order: the shown item keeps
    /// being shown under its new index; a removed one is no longer shown.
    pub fn level_edited(&mut self, changes: &[LevelChange]) {
        for change in changes {
            self.shown = self.shown.and_then(|item| moved(item, change));
        }
    }

    /// The level was loaded anew: its items may be others.
    pub fn forget(&mut self) {
        *self = Self::default();
    }

    /// A change was refused, for `reason`.
    pub fn refused(&mut self, reason: String) {
        self.refusal = Some(reason);
    }

    /// A change was made.
    pub fn accepted(&mut self) {
        self.refusal = None;
    }

    /// What the panel shows in `level`; `None` when it shows no item.
    pub fn view<'a>(&'a self, level: &'a Level) -> Option<PanelView<'a>> {
        let item = self.shown?;
        let piece = Piece::held(level, item)?;
        Some(PanelView {
            item,
            fields: fields(&piece),
            materials: &level.materials,
            refusal: self.refusal.as_deref(),
        })
    }
}

/// Where `item` is after `change`: one index up after an item of its kind
/// was inserted at or before it, one down after one before it was removed,
/// nowhere when it was removed.
fn moved(item: Item, change: &LevelChange) -> Option<Item> {
    let index = item.index();
    match change {
        LevelChange::Inserted { index: at, piece }
            if piece.item(*at).kind() == item.kind() && *at <= index =>
        {
            Some(piece.item(index + 1))
        }
        LevelChange::Removed { index: at, piece } if piece.item(*at).kind() == item.kind() => {
            match index.cmp(at) {
                std::cmp::Ordering::Less => Some(item),
                std::cmp::Ordering::Equal => None,
                std::cmp::Ordering::Greater => Some(piece.item(index - 1)),
            }
        }
        _ => Some(item),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::edit::Value;
    use glam::Vec2;

    #[test]
    fn the_panel_shows_the_last_item_aimed_at() {
        let level = Level::default_house();
        let mut panel = Panel::default();
        assert_eq!(panel.view(&level), None, "nothing aimed yet");
        panel.follow(None, Some(Item::Wall(2)));
        panel.refused("no".to_owned());
        panel.follow(None, None);
        let view = panel.view(&level).expect("wall 2 stays shown");
        assert_eq!(view.item, Item::Wall(2));
        assert_eq!(view.refusal, Some("no"));
        assert_eq!(
            view.fields[1].value,
            Value::Number(level.walls[2].height),
            "its height"
        );
        assert_eq!(view.materials.len(), level.materials.len());
        // Another item: the refusal was about the last one.
        panel.follow(None, Some(Item::Obstacle(0)));
        let view = panel.view(&level).expect("obstacle 0");
        assert_eq!((view.item, view.refusal), (Item::Obstacle(0), None));
        // An item the level does not hold shows nothing.
        panel.follow(None, Some(Item::Door(level.doors.len())));
        assert_eq!(panel.view(&level), None);
        panel.forget();
        assert_eq!(panel.shown, None);
    }

    #[test]
    fn a_carried_item_is_shown_and_stays_shown_once_put_down() {
        let mut panel = Panel::default();
        panel.follow(None, Some(Item::Wall(1)));
        // Carrying wall 1 while the aim moves over lamp 0 and obstacle 2.
        for aimed in [Some(Item::Lamp(0)), Some(Item::Obstacle(2)), None] {
            panel.follow(Some(Item::Wall(1)), aimed);
            assert_eq!(panel.shown, Some(Item::Wall(1)), "{aimed:?}");
        }
        panel.follow(Some(Item::Wall(1)), Some(Item::Lamp(0)));
        // Put down, the aim where it was: the carried item stays shown
        // until the aim moves to another item.
        panel.follow(None, Some(Item::Lamp(0)));
        assert_eq!(panel.shown, Some(Item::Wall(1)));
        panel.follow(None, None);
        panel.follow(None, Some(Item::Lamp(0)));
        assert_eq!(panel.shown, Some(Item::Lamp(0)));
    }

    #[test]
    fn the_shown_item_is_followed_through_insertions_and_removals() {
        let level = Level::default_house();
        let wall = Piece::Wall(level.walls[0].clone());
        let lamp = Piece::Light(crate::level::Light::with_defaults(Vec2::ZERO, 2.8));
        let inserted = |index, piece: &Piece| LevelChange::Inserted {
            index,
            piece: piece.clone(),
        };
        let removed = |index, piece: &Piece| LevelChange::Removed {
            index,
            piece: piece.clone(),
        };
        let mut panel = Panel::default();
        panel.follow(None, Some(Item::Wall(5)));
        panel.level_edited(&[
            inserted(5, &wall),
            inserted(9, &wall),
            inserted(0, &lamp),
            removed(0, &lamp),
        ]);
        assert_eq!(panel.shown, Some(Item::Wall(6)), "pushed up once");
        panel.level_edited(&[removed(2, &wall), removed(7, &wall)]);
        assert_eq!(panel.shown, Some(Item::Wall(5)), "pulled down once");
        panel.level_edited(&[LevelChange::Changed(vec![(5, wall.clone(), wall.clone())])]);
        assert_eq!(panel.shown, Some(Item::Wall(5)), "changed in place");
        panel.level_edited(&[removed(5, &wall)]);
        assert_eq!(panel.shown, None, "removed");
    }
}
