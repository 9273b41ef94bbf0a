//! [`LevelDraft`]: one level being edited — the level, its text, the undo
//! history and the chain being plotted — behind the operations that edit
//! mode's keys call. The window wiring (keys, HUD, crosshair) lives in the
//! application.

use std::io;
use std::path::{Path, PathBuf};

use glam::Vec2;

use super::aim::Item;
use super::carry::Carry;
use super::chain::{Chain, Plotted, TakenBack};
use super::history::History;
use super::journal::{Journal, JournalError, TextFingerprint};
use super::operation::{Edit, EditError, ItemChange, Piece, Start, listed, material_held};
use super::outline::Outline;
use super::properties::{PropertyChange, PropertyError, changed};
use super::stairs::{FLOOR_RAISE, Flight, MAX_STEPS};
use crate::level::checks::live_warnings;
use crate::level::save::{
    LevelDocument, next_free_level_path, remove_autosave, save_atomically_reporting,
    write_memory_pictures,
};
use crate::level::{Level, LevelSource, LevelWarning, WallEnd};

/// A level open for editing.
///
/// Plotting, deleting and moving end points, placing and deleting lamps,
/// obstacles, doors and floors, making a flight of stairs, moving the start
/// and changing a material each make one undo step. Any step other than plotting ends the chain being plotted, so
/// the chain's walls are always the last steps and Backspace can take them
/// back. An obstacle's outline points and a door's first jamb are no step:
/// only closing the outline, or the second jamb, is.
#[derive(Debug)]
pub struct LevelDraft {
    level: Level,
    document: LevelDocument,
    history: History,
    chain: Chain,
    /// The obstacle's or the floor's outline being plotted, or the door's
    /// first jamb, or the flight's foot and top end.
    outline: Outline,
    /// The number of steps the wheel set for the flight being plotted, as
    /// far as it turned (a touchpad turns it by fractions); `None`: as
    /// many as fit.
    flight_steps: Option<f32>,
    /// The text the unsaved edits apply to: as loaded, or as last saved.
    saved: TextFingerprint,
}

impl LevelDraft {
    /// Opens `level` for editing, in the text of its file, of the embedded
    /// house, or written for it (a maze); see [`LevelDocument::for_level`].
    /// Fails when that text cannot be edited or holds other walls.
    pub fn new(level: Level) -> Result<Self, EditError> {
        Self::open_reporting(level, &mut |_| {})
    }

    /// [`new`](Self::new), telling `progress` the share of the work done
    /// (0 to 1) as it goes, through three equal parts: the level's text had
    /// (written, for a maze), the text parsed (in pieces, for a big one),
    /// the walls counted.
    pub fn open_reporting(level: Level, progress: &mut dyn FnMut(f32)) -> Result<Self, EditError> {
        let text = LevelDocument::text_for_level_reporting(&level, &mut |had| progress(had / 3.0))?;
        progress(1.0 / 3.0);
        let document =
            LevelDocument::parse_reporting(&text, &mut |read| progress((1.0 + read) / 3.0))?;
        let saved = TextFingerprint::of(&text);
        drop(text);
        if document.wall_count() != level.walls.len() {
            return Err(EditError::OutOfStep {
                what: "wall",
                level: level.walls.len(),
                document: document.wall_count(),
            });
        }
        progress(1.0);
        Ok(Self {
            level,
            document,
            history: History::new(),
            chain: Chain::default(),
            outline: Outline::default(),
            flight_steps: None,
            saved,
        })
    }

    /// The level as edited: what the collider, meshes and lines show.
    pub fn level(&self) -> &Level {
        &self.level
    }

    /// The level, giving up the draft.
    pub fn into_level(self) -> Level {
        self.level
    }

    /// The level's text as edited: what a save writes.
    pub fn text(&mut self) -> String {
        self.document.text()
    }

    /// The chain being plotted (for drawing the wall in progress).
    pub fn chain(&self) -> &Chain {
        &self.chain
    }

    /// The obstacle outline (or the door's hinge jamb) being plotted, for
    /// drawing its points.
    pub fn outline(&self) -> &Outline {
        &self.outline
    }

    /// Plots an outline point of the obstacle to come (Space with the
    /// obstacles tool).
    pub fn plot_outline(&mut self, point: Vec2) {
        self.outline.plot(point);
    }

    /// Takes back the outline's last point (Backspace with the obstacles
    /// tool); `None` when there is none.
    pub fn take_back_outline(&mut self) -> Option<Vec2> {
        self.outline.take_back()
    }

    /// Forgets the outline's points, and the steps the wheel set for a
    /// flight (the tool was left).
    pub fn clear_outline(&mut self) {
        self.outline.clear();
        self.flight_steps = None;
    }

    /// Closes the outline as a floor (Enter with the floors tool): its
    /// points in the order plotted (concave or not) make a floor
    /// [`FLOOR_RAISE`] above the floor under the first point, with the
    /// format's defaults, as one step, and the points are cleared. An
    /// outline that crosses itself or another floor's edge is refused, and
    /// the points stay.
    pub fn close_floor_outline(&mut self) -> Result<(), EditError> {
        let points = self.outline.points().to_vec();
        let under = points
            .first()
            .map_or(0.0, |&first| self.level.floor_height_at(first));
        self.step(Edit::AddFloor {
            points,
            height: under + FLOOR_RAISE,
        })?;
        self.outline.clear();
        Ok(())
    }

    /// Plots an end of the flight to come (Space with the stairs tool): the
    /// first the middle of its foot, the next the middle of its top end; a
    /// later one moves the top end.
    pub fn plot_flight_end(&mut self, point: Vec2) {
        if self.outline.points().len() >= 2 {
            self.outline.take_back();
        }
        self.outline.plot(point);
    }

    /// The flight being plotted, its top end at `cursor` until it is
    /// plotted, with the steps the wheel set or as many as fit; `None`
    /// before its foot is plotted.
    pub fn flight(&self, cursor: Vec2) -> Option<Flight> {
        let (foot, top) = match self.outline.points() {
            [] => return None,
            [foot] => (*foot, cursor),
            [foot, top, ..] => (*foot, *top),
        };
        let fitting = Flight::fitting(foot, top);
        Some(match self.flight_steps {
            // Kept within 1..=MAX_STEPS as the wheel turns it.
            Some(steps) => Flight {
                steps: steps.round() as u32,
                ..fitting
            },
            None => fitting,
        })
    }

    /// Turns the number of steps of the flight being plotted by `notches`
    /// of the wheel (from as many as fit with its top end at `cursor`, the
    /// first time), within 1 to [`MAX_STEPS`]. Returns the number; `None`
    /// before the flight's foot is plotted.
    pub fn turn_flight_steps(&mut self, notches: f32, cursor: Vec2) -> Option<u32> {
        let flight = self.flight(cursor)?;
        if notches.is_finite() {
            let steps = self.flight_steps.unwrap_or(flight.steps as f32) + notches;
            self.flight_steps = Some(steps.clamp(1.0, MAX_STEPS as f32));
        }
        self.flight(cursor).map(|flight| flight.steps)
    }

    /// Makes the flight plotted (Enter with the stairs tool): one floor per
    /// step from the floor under its foot up, all as one step (see
    /// [`Flight::edit`]); its ends and steps are then forgotten. Refused,
    /// keeping them, before both ends are plotted or when a step would
    /// cross another floor's edge.
    pub fn make_flight(&mut self) -> Result<(), EditError> {
        let [_, top] = self.outline.points() else {
            return Err(EditError::NoFlight);
        };
        let Some(flight) = self.flight(*top) else {
            return Err(EditError::NoFlight);
        };
        let base = self.level.floor_height_at(flight.foot);
        self.step(flight.edit(base))?;
        self.clear_outline();
        Ok(())
    }

    /// Closes the outline (Enter with the obstacles tool): adds the convex
    /// hull of its points as an obstacle with the level's obstacle
    /// defaults, as one step, and clears the points. Fewer than three
    /// points not on one line make nothing, and the points stay.
    pub fn close_outline(&mut self) -> Result<(), EditError> {
        let points = self.outline.hull()?;
        self.step(Edit::AddObstacle { points })?;
        self.outline.clear();
        Ok(())
    }

    /// Moves the start to `at`, facing `yaw_degrees` (Space with the start
    /// tool), as one step.
    pub fn set_start(&mut self, at: Vec2, yaw_degrees: f32) -> Result<(), EditError> {
        let from = Start::of(&self.level);
        self.step(Edit::SetStart {
            from,
            to: Start { at, yaw_degrees },
        })
    }

    /// Deletes `item`, whatever its kind (Delete on the aimed item, a right
    /// click on the map).
    pub fn delete(&mut self, item: Item) -> Result<(), EditError> {
        let piece = Piece::at(&self.level, item)?;
        self.step(Edit::Delete {
            index: item.index(),
            piece,
        })
    }

    /// Gives wall or obstacle `item` the next material of the level's list
    /// (`N`), or the previous one with `forwards` false (`Shift+N`),
    /// wrapping around, as one step. Returns the new material's name.
    pub fn cycle_material(&mut self, item: Item, forwards: bool) -> Result<String, EditError> {
        let held = material_held(&self.level, item)?.index();
        let name = |index: usize| {
            self.level
                .materials
                .get(index)
                .map(|material| material.name.clone())
                .ok_or(EditError::NoMaterial(item))
        };
        // The held material is in the list, so the list is not empty.
        let from = name(held)?;
        let count = self.level.materials.len();
        let next = if forwards {
            (held + 1) % count
        } else {
            (held + count - 1) % count
        };
        let to = name(next)?;
        self.step(Edit::SetMaterial {
            item,
            from,
            to: Some(to.clone()),
        })?;
        Ok(to)
    }

    /// Makes `item` into `to`, an item of its kind with any of its
    /// properties changed, as one step that rewrites only the keys whose
    /// values differ. Returns whether anything changed: a `to` equal to the
    /// item makes no step.
    pub fn change(&mut self, item: Item, to: Piece) -> Result<bool, EditError> {
        let change = ItemChange::new(&self.level, item, to)?;
        if change.keys.is_empty() {
            return Ok(false);
        }
        self.step(Edit::Change {
            items: vec![change],
        })?;
        Ok(true)
    }

    /// Changes a property of an item (edit mode's panel) as one step (see
    /// [`change`](Self::change)). Returns whether anything changed:
    /// setting a property to the value it has makes no step.
    pub fn set_property(&mut self, change: PropertyChange) -> Result<bool, PropertyError> {
        let from = Piece::at(&self.level, change.item)?;
        let to = changed(
            &from,
            change.property,
            change.value,
            self.level.materials.len(),
        )?;
        Ok(self.change(change.item, to)?)
    }

    /// Puts `carried` down with the cursor point at `cursor` (`X` or Space
    /// while carrying), as one step: a copy is added (its table holds the
    /// keys of the item copied); an item moves, and a wall takes along the
    /// ends of other walls that were at its ends. Returns whether anything
    /// changed: an item put down where it was makes no step. Refused when
    /// the item is no longer as it was picked up.
    ///
    /// `walls_near` lists the walls that may have an end at a point (a
    /// superset, by index, as the collider's grid finds them) so that the
    /// walls sharing a carried wall's ends are found without looking at
    /// every wall; `None` looks at every wall.
    pub fn put_down(
        &mut self,
        carried: &Carry,
        cursor: Vec2,
        walls_near: Option<&dyn Fn(Vec2) -> Vec<usize>>,
    ) -> Result<bool, EditError> {
        let item = carried.item();
        if Piece::at(&self.level, item)? != *carried.piece() {
            return Err(EditError::OtherItem(item));
        }
        let to = carried.placed(cursor)?;
        let change = ItemChange::new(&self.level, item, to)?;
        if carried.is_copy() {
            let tables = item.tables();
            let table = self
                .document
                .copy_text(tables, item.index(), &change.keys)?;
            self.step(Edit::Restore {
                index: listed(&self.level, tables),
                piece: change.to,
                table,
                anchor: None,
            })?;
            return Ok(true);
        }
        if change.keys.is_empty() {
            return Ok(false);
        }
        let mut items = vec![change];
        if let (Piece::Wall(from), Piece::Wall(to)) = (carried.piece(), &items[0].to) {
            let (from, to) = (from.clone(), to.clone());
            let candidates: Vec<usize> = match walls_near {
                Some(near) => {
                    let mut near_ends = near(from.a);
                    near_ends.extend(near(from.b));
                    near_ends.sort_unstable();
                    near_ends.dedup();
                    near_ends
                }
                None => (0..self.level.walls.len()).collect(),
            };
            for index in candidates {
                let Some(wall) = self.level.walls.get(index) else {
                    continue;
                };
                let mut moved = wall.clone();
                for end in [WallEnd::A, WallEnd::B] {
                    if wall.end(end) == from.a {
                        *moved.end_mut(end) = to.a;
                    } else if wall.end(end) == from.b {
                        *moved.end_mut(end) = to.b;
                    }
                }
                if index != item.index() && moved != *wall {
                    items.push(ItemChange::new(
                        &self.level,
                        Item::Wall(index),
                        Piece::Wall(moved),
                    )?);
                }
            }
        }
        self.step(Edit::Change { items })?;
        Ok(true)
    }

    /// The undo history (depths, whether anything is unsaved).
    pub fn history(&self) -> &History {
        &self.history
    }

    /// Plots `point` (Space): the first point starts a chain, each next one
    /// adds a wall from the previous point with the level's wall defaults,
    /// a point equal to the previous one adds nothing.
    pub fn plot(&mut self, point: Vec2) -> Result<Plotted, EditError> {
        let plotted = self.chain.plot(point);
        if let Plotted::Wall { a, b } = plotted
            && let Err(error) =
                self.history
                    .apply(Edit::AddWall { a, b }, &mut self.level, &mut self.document)
        {
            self.chain.take_back();
            return Err(error);
        }
        Ok(plotted)
    }

    /// Takes back the chain's last point and the wall that ends at it
    /// (Backspace). The wall cannot be redone: it was never plotted.
    pub fn take_back(&mut self) -> Result<TakenBack, EditError> {
        let last = self.chain.last_point();
        let taken = self.chain.take_back();
        if taken == TakenBack::PointAndWall
            && let Err(error) = self.history.take_back(&mut self.level, &mut self.document)
        {
            if let Some(point) = last {
                self.chain.plot(point);
            }
            return Err(error);
        }
        Ok(taken)
    }

    /// Ends the chain (Enter).
    pub fn end_chain(&mut self) {
        self.chain.end();
    }

    /// Places a lamp at `at` with the format's defaults (Space with the
    /// lamp tool), as one step.
    pub fn add_light(&mut self, at: Vec2) -> Result<(), EditError> {
        self.step(Edit::AddLight { at })
    }

    /// Plots a jamb of the door to come (Space with the doors tool), in
    /// the outline's points: the first press marks the hinge jamb, the
    /// second places a door from it to `point` with the format's defaults,
    /// as one step. Returns whether a door was placed; a refused door
    /// (jambs less than 0.1 mm apart) keeps the hinge jamb.
    pub fn plot_jamb(&mut self, point: Vec2) -> Result<bool, EditError> {
        if let [hinge] = self.outline.points() {
            self.step(Edit::AddDoor {
                a: *hinge,
                b: point,
            })?;
            self.outline.clear();
            return Ok(true);
        }
        self.outline.clear();
        self.outline.plot(point);
        Ok(false)
    }

    /// Moves the end point at `from` to `to` (a drag on the map): every
    /// wall end exactly at `from` moves, as one step. Returns how many ends
    /// moved; none (and no step) when no end is at `from` or `to` is `from`.
    pub fn move_endpoint(&mut self, from: Vec2, to: Vec2) -> Result<usize, EditError> {
        let walls: Vec<(usize, WallEnd)> = self
            .level
            .walls
            .iter()
            .enumerate()
            .flat_map(|(index, wall)| {
                [WallEnd::A, WallEnd::B]
                    .into_iter()
                    .filter(move |&end| wall.end(end) == from)
                    .map(move |end| (index, end))
            })
            .collect();
        if walls.is_empty() || from == to {
            return Ok(0);
        }
        let moved = walls.len();
        self.step(Edit::MoveEndpoint { from, to, walls })?;
        Ok(moved)
    }

    /// Undoes the last step (Ctrl+Z); `Ok(false)` when there is none.
    pub fn undo(&mut self) -> Result<bool, EditError> {
        self.chain.end();
        self.history.undo(&mut self.level, &mut self.document)
    }

    /// Redoes the last undone step (Ctrl+Y, Ctrl+Shift+Z).
    pub fn redo(&mut self) -> Result<bool, EditError> {
        self.chain.end();
        self.history.redo(&mut self.level, &mut self.document)
    }

    /// What the steps since the last call changed in the level, in order
    /// (see [`History::take_changes`]).
    pub fn take_changes(&mut self) -> Vec<crate::edit::LevelChange> {
        self.history.take_changes()
    }

    /// Whether there are edits since the last save (the HUD's `unsaved`).
    pub fn is_dirty(&self) -> bool {
        self.history.is_dirty()
    }

    /// How many steps can be undone (the HUD's undo depth).
    pub fn undo_depth(&self) -> usize {
        self.history.undo_depth()
    }

    /// The warnings to show after an edit: see [`live_warnings`].
    pub fn warnings(&self) -> Vec<LevelWarning> {
        live_warnings(&self.level)
    }

    /// The file a save writes: the level's own, or for a level without one
    /// (the embedded house, a maze, a WAD's map), `mazewalker-level-N.toml` in
    /// `working_directory` with the smallest N not taken. Its autosave
    /// journal goes beside it.
    pub fn save_path(&self, working_directory: &Path) -> PathBuf {
        match &self.level.source {
            LevelSource::File { path, .. } => path.clone(),
            LevelSource::DefaultHouse | LevelSource::Maze { .. } | LevelSource::Wad { .. } => {
                next_free_level_path(working_directory)
            }
        }
    }

    /// Saves to `path` (Ctrl+S): writes the pictures the level holds in
    /// memory (a WAD's map) where its text names them, then the text
    /// atomically keeping the previous file as `F.bak`, removes the
    /// autosave journal beside it,
    /// and from then on the level's source is that file with that text (so
    /// the hot-reload watcher knows the save for its own) and the state is
    /// the saved one. The undo history is kept. On error nothing is marked
    /// and the edits stay in memory.
    pub fn save(&mut self, path: &Path) -> io::Result<()> {
        self.save_reporting(path, &mut |_| {})
    }

    /// [`save`](Self::save), telling `progress` the share of the work done
    /// (0 to 1): the first third as the text is made, the next third as
    /// its bytes are written, all of it once the file is in place.
    pub fn save_reporting(&mut self, path: &Path, progress: &mut dyn FnMut(f32)) -> io::Result<()> {
        let text = self
            .document
            .text_reporting(&mut |share| progress(share / 3.0));
        // Before the text, so that the file never names a missing picture.
        write_memory_pictures(&self.level, path)?;
        let length = text.len().max(1) as f32;
        save_atomically_reporting(path, &text, &mut |written| {
            progress((1.0 + written as f32 / length) / 3.0);
        })?;
        if let Err(error) = remove_autosave(path) {
            log::warn!("cannot remove the autosave of {}: {error}", path.display());
        }
        self.saved = TextFingerprint::of(&text);
        self.level.source = LevelSource::File {
            path: path.to_path_buf(),
            text: text.into(),
        };
        self.history.mark_saved();
        progress(1.0);
        Ok(())
    }

    /// The unsaved edits as a journal, to write to the autosave path.
    pub fn journal(&self) -> Journal {
        Journal::on(self.saved, self.history.unsaved_edits().cloned().collect())
    }

    /// Replays a journal's edits (F9), each as an undo step, onto the text
    /// it was written for, which must be the draft's current text. All or
    /// nothing: if one edit is refused, those before it are taken back and
    /// the error is returned. Returns how many edits were restored.
    pub fn restore(&mut self, journal: &Journal) -> Result<usize, JournalError> {
        self.restore_reporting(journal, &mut |_| {})
    }

    /// [`restore`](Self::restore), telling `progress` the share done (0 to
    /// 1): the first half as the text the journal must apply to is made,
    /// the rest after each of its edits.
    pub fn restore_reporting(
        &mut self,
        journal: &Journal,
        progress: &mut dyn FnMut(f32),
    ) -> Result<usize, JournalError> {
        let text = self
            .document
            .text_reporting(&mut |share| progress(share / 2.0));
        if !journal.applies_to(&text) {
            return Err(JournalError::OtherBase);
        }
        self.chain.end();
        let edits = journal.len() as f32;
        for (number, edit) in journal.edits().iter().enumerate() {
            let applied = self
                .history
                .apply(edit.clone(), &mut self.level, &mut self.document);
            if let Err(source) = applied {
                for _ in 0..number {
                    // Taking back what was just applied, in order, cannot fail.
                    let _ = self.history.take_back(&mut self.level, &mut self.document);
                }
                return Err(JournalError::Edit {
                    number: number + 1,
                    source,
                });
            }
            progress((1.0 + (number + 1) as f32 / edits) / 2.0);
        }
        Ok(journal.len())
    }

    /// Applies a new step other than plotting, ending the chain.
    fn step(&mut self, edit: Edit) -> Result<(), EditError> {
        self.chain.end();
        self.history
            .apply(edit, &mut self.level, &mut self.document)
    }
}
