//! Edit mode's keys in the window: E, the plotting keys, the Ctrl chords
//! (undo, redo, save), F9, the quit guard, and how an edit reaches the
//! collider, the meshes and the debug lines within the frame. The state is
//! [`EditMode`](super::edit_mode::EditMode); the edits are [`crate::edit`].

use std::sync::Arc;
use std::time::Instant;

use winit::event_loop::ActiveEventLoop;
use winit::keyboard::KeyCode;

use super::App;
use super::demo_mode::DemoMode;
use super::edit_mode::{aimed_wall, cursor, marker_lines};
use crate::edit::{Plotted, TakenBack};
use crate::input::Action;
use crate::render::{BrokenTexture, LineVertex};
use crate::walker::Toggle;

/// How the person asked to quit: a second request the same way quits even
/// with unsaved edits.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum QuitBy {
    /// Esc with the mouse released.
    Escape,
    /// The window's close button.
    Close,
}

impl App {
    /// Handles the Ctrl chords (Ctrl+Z undo, Ctrl+Y and Ctrl+Shift+Z redo,
    /// Ctrl+S save); true when `key` made one.
    pub(super) fn chord(&mut self, key: KeyCode, pressed: bool, repeat: bool) -> bool {
        let modifiers = self.input.modifiers();
        if !pressed || !modifiers.ctrl {
            return false;
        }
        match key {
            KeyCode::KeyZ => self.history_step(modifiers.shift),
            KeyCode::KeyY => self.history_step(true),
            KeyCode::KeyS if !repeat => self.save_level(),
            KeyCode::KeyS => {}
            _ => return false,
        }
        true
    }

    /// Runs an edit-mode action; false when `action` is not one.
    pub(super) fn edit_action(&mut self, action: Action) -> bool {
        match action {
            Action::ToggleEdit => self.toggle_edit(),
            Action::RestoreAutosave => self.restore_autosave(),
            Action::PlotPoint
            | Action::TakeBack
            | Action::EndChain
            | Action::DeleteWall
            | Action::FinerGrid
            | Action::CoarserGrid => {
                if self.edit.is_active() {
                    self.run_edit_action(action);
                }
            }
            _ => return false,
        }
        true
    }

    fn toggle_edit(&mut self) {
        if matches!(self.demo, DemoMode::Playing(_)) {
            self.notice("no edit mode while a demo plays".to_owned());
            return;
        }
        let on = !self.edit.is_active();
        if on && let Err(error) = self.edit.session_or_open(self.live.level()) {
            self.notice(format!("{error:#}"));
            return;
        }
        self.edit.set_active(on);
        // The walker moves like ghost mode from the next tick (recorded).
        self.gatherer.flip(Toggle::Edit);
    }

    /// Runs one of edit mode's plotting actions (Space, Backspace, Enter,
    /// Delete, `[`, `]`) at the cursor point.
    pub(super) fn run_edit_action(&mut self, action: Action) {
        let point = self.cursor_point();
        let aimed = aimed_wall(&self.walker.camera, self.live.collider());
        let Ok(session) = self.edit.session_or_open(self.live.level()) else {
            return;
        };
        let changed = match action {
            Action::PlotPoint => match session.plot(point) {
                Ok(Plotted::Wall { .. }) => Ok(true),
                Ok(Plotted::Started | Plotted::Same) => Ok(false),
                Err(error) => Err(error),
            },
            Action::TakeBack => session
                .take_back()
                .map(|taken| taken == TakenBack::PointAndWall),
            Action::EndChain => {
                session.end_chain();
                Ok(false)
            }
            Action::DeleteWall => match aimed {
                Some(index) => session.delete_wall(index).map(|()| true),
                None => {
                    self.notice("no wall in the crosshair within 20 m".to_owned());
                    Ok(false)
                }
            },
            Action::FinerGrid => {
                self.edit.grid.halve();
                Ok(false)
            }
            Action::CoarserGrid => {
                self.edit.grid.double();
                Ok(false)
            }
            _ => Ok(false),
        };
        match changed {
            Ok(true) => self.level_edited(),
            Ok(false) => {}
            Err(error) => self.notice(format!("edit refused: {error}")),
        }
    }

    /// Moves the end point at `from` (and every wall end there) to the
    /// cursor point: a drag on the map.
    pub(super) fn move_endpoint(&mut self, from: glam::Vec2) {
        let to = self.cursor_point();
        let Some(session) = self.edit.session_mut() else {
            return;
        };
        match session.move_endpoint(from, to) {
            Ok(0) => {}
            Ok(_) => self.level_edited(),
            Err(error) => self.notice(format!("edit refused: {error}")),
        }
    }

    /// Deletes wall `index`: a right click on the map.
    pub(super) fn delete_wall(&mut self, index: usize) {
        let Ok(session) = self.edit.session_or_open(self.live.level()) else {
            return;
        };
        match session.delete_wall(index) {
            Ok(()) => self.level_edited(),
            Err(error) => self.notice(format!("edit refused: {error}")),
        }
    }

    /// Ctrl+Z (`redo` false) or Ctrl+Y (`redo` true): one step of the
    /// history back or forward.
    fn history_step(&mut self, redo: bool) {
        let (word, nothing) = if redo {
            ("redo", "nothing to redo")
        } else {
            ("undo", "nothing to undo")
        };
        let stepped = match self.edit.session_mut() {
            Some(session) if redo => session.redo(),
            Some(session) => session.undo(),
            None => Ok(false),
        };
        match stepped {
            Ok(true) => self.level_edited(),
            Ok(false) => self.notice(nothing.to_owned()),
            Err(error) => self.notice(format!("cannot {word}: {error}")),
        }
    }

    /// The edited level goes live: its collider at once, its scene (meshes,
    /// textures from the cache, debug lines, map) built on this thread so the
    /// next frame shows it; then the live checks and the journal.
    fn level_edited(&mut self) {
        let Some(session) = self.edit.session() else {
            return;
        };
        let started = Instant::now();
        let level = Arc::new(session.level().clone());
        let collider = Arc::new(level.collider());
        if let Some(graphics) = self.graphics.as_mut() {
            let built = graphics.renderer.scene_builder().build(
                &level,
                &collider,
                BrokenTexture::Checkerboard,
            );
            match built {
                Ok(scene) => drop(graphics.renderer.set_level(scene)),
                Err(error) => {
                    let message = format!("cannot draw the edited level: {error:#}");
                    self.notice(message);
                }
            }
        }
        let (_, old_collider) = self.live.edited(level, collider);
        let eye = self.walker.position();
        let occludes = self.live.level().occluding_walls();
        self.map
            .level_changed(&old_collider, self.live.collider(), occludes, eye);
        let rebuilt = started.elapsed();
        let collider = self.live.collider();
        self.edit
            .edited(collider, self.map.near_misses(collider), Instant::now());
        log::info!(
            "edit applied: collider and scene rebuilt in {:.1} ms, live checks in {:.1} ms",
            rebuilt.as_secs_f64() * 1000.0,
            (started.elapsed() - rebuilt).as_secs_f64() * 1000.0
        );
        self.quit_warning = None;
    }

    /// Ctrl+S: saves the edited level (opening a session if none is open,
    /// so the house or a maze can be written to a new file).
    fn save_level(&mut self) {
        if let Err(error) = self.edit.session_or_open(self.live.level()) {
            self.notice(format!("{error:#}"));
            return;
        }
        let path = self.edit.save_path(&self.working_directory);
        let Some(session) = self.edit.session_mut() else {
            return;
        };
        match session.save(&path) {
            Ok(()) => {
                let source = session.level().source.clone();
                self.live.saved(source);
                self.edit.saved();
                self.quit_warning = None;
                println!("saved {}", path.display());
                self.notice(format!("saved {}", path.display()));
            }
            Err(error) => {
                let message = format!(
                    "cannot save {}: {error}; the edits are kept",
                    path.display()
                );
                eprintln!("error: {message}");
                self.notice(message);
            }
        }
    }

    /// F9: replays the autosave offered at start.
    fn restore_autosave(&mut self) {
        let Some(offer) = self.edit.take_offer() else {
            self.notice("no autosave to restore".to_owned());
            return;
        };
        let restored = self
            .edit
            .session_or_open(self.live.level())
            .and_then(|session| Ok(session.restore(&offer.journal)?));
        match restored {
            Ok(count) => {
                self.level_edited();
                self.notice(format!("restored {count} unsaved edits"));
            }
            Err(error) => self.notice(format!("cannot restore the autosave: {error:#}")),
        }
    }

    /// Whether quitting `by` this request may go ahead: with unsaved edits,
    /// the first request only warns (and writes the journal now).
    pub(super) fn may_quit(&mut self, by: QuitBy) -> bool {
        if !self.edit.has_unsaved_edits() || self.quit_warning == Some(by) {
            self.flush_journal();
            return true;
        }
        self.quit_warning = Some(by);
        let again = match by {
            QuitBy::Escape => "Esc again",
            QuitBy::Close => "closing again",
        };
        self.notice(format!(
            "unsaved edits: {again} quits without saving (Ctrl+S saves)"
        ));
        false
    }

    /// Writes the journal if it is due (once a frame).
    pub(super) fn autosave(&mut self) {
        if let Some(error) = self
            .edit
            .write_journal(Some(Instant::now()), &self.working_directory)
        {
            log::error!("{error}");
            self.notice(error);
        }
    }

    /// Writes the journal now, if edits wait for it (before quitting).
    fn flush_journal(&mut self) {
        if let Some(error) = self.edit.write_journal(None, &self.working_directory) {
            log::error!("{error}");
        }
    }

    /// Edit mode's HUD lines: mode, grid, cursor, undo depth and `unsaved`;
    /// the live checks; an autosave offer.
    pub(super) fn edit_hud(&self, lines: &mut Vec<String>) {
        let unsaved = if self.edit.has_unsaved_edits() {
            "  unsaved"
        } else {
            ""
        };
        let depth = self
            .edit
            .session()
            .map_or(0, crate::edit::EditSession::undo_depth);
        if self.edit.is_active() {
            let point = self.cursor_point();
            lines.push(format!(
                "EDIT  grid {} m  cursor {:.2}, {:.2}  undo {depth}{unsaved}",
                self.edit.grid.metres(),
                point.x,
                point.y
            ));
            lines.extend(self.edit.check_lines());
        } else if !unsaved.is_empty() {
            lines.push(format!("undo {depth}{unsaved} (Ctrl+S saves)"));
        }
        lines.extend(self.edit.offer_line());
    }

    /// Edit mode's lines in the world (none outside edit mode).
    pub(super) fn edit_markers(&self) -> Vec<LineVertex> {
        if !self.edit.is_active() {
            return Vec::new();
        }
        let chain_end = self
            .edit
            .session()
            .and_then(|session| session.chain().last_point());
        let collider = self.live.collider();
        let aimed = aimed_wall(&self.walker.camera, collider)
            .and_then(|index| collider.walls().get(index))
            .map(|wall| [wall.a, wall.b]);
        marker_lines(self.cursor_point(), chain_end, aimed)
    }

    /// The cursor point now: the crosshair's, or the pointer's on the full
    /// map (Alt held: not snapped).
    pub(super) fn cursor_point(&self) -> glam::Vec2 {
        if let Some(on_map) = self.map_cursor() {
            return on_map;
        }
        let snapping = !self.input.modifiers().alt;
        cursor(
            &self.walker.camera,
            self.live.collider(),
            self.edit.grid,
            snapping,
        )
    }

    /// Shows `text` on the HUD for a few seconds.
    pub(super) fn notice(&mut self, text: String) {
        self.messages.notice(text, Instant::now());
    }

    /// `ReleaseOrQuit` with the mouse free, or the close button.
    pub(super) fn quit(&mut self, event_loop: &ActiveEventLoop, by: QuitBy) {
        if self.may_quit(by) {
            event_loop.exit();
        }
    }
}
