//! The map's keys and mouse in the window: Tab, F, zoom, fit, marks, V,
//! arrow and drag panning, the wheel, and editing on the full map (the
//! mouse is the cursor point, a left click plots, a right click deletes,
//! dragging an end point moves it). The state is
//! [`MapState`](super::map_state::MapState).

use glam::Vec2;
use winit::event::{ElementState, MouseButton, MouseScrollDelta};
use winit::keyboard::KeyCode;

use super::App;
use super::map_state::PAN_PIXELS;
use crate::edit::{ENDPOINT_SNAP_DISTANCE, snap};
use crate::input::Action;

/// How near the pointer must be to a wall or an end point for a click to
/// pick it, in pixels (or [`ENDPOINT_SNAP_DISTANCE`] when that is more).
const PICK_PIXELS: f32 = 8.0;

/// A pointer movement shorter than this between press and release is a
/// click, not a drag, in pixels.
const CLICK_PIXELS: f32 = 3.0;

/// Pixels of a touchpad's scroll that count as one wheel notch.
const PIXELS_PER_NOTCH: f32 = 40.0;

/// A left button held on the full map.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Press {
    /// Panning: the pointer's last position.
    Pan(Vec2),
    /// Edit mode: pressed at this pixel, on this wall end point if any (a
    /// drag moves it; a click plots).
    Edit {
        /// Where the button went down, in pixels.
        at: Vec2,
        /// The end point under it.
        end: Option<Vec2>,
    },
}

impl App {
    /// Runs a map action; false when `action` is not one.
    pub(super) fn map_action(&mut self, action: Action) -> bool {
        let eye = self.walker.position();
        let collider = self.live.collider();
        match action {
            Action::CycleMap => {
                self.map.cycle();
                if self.map.is_full() {
                    self.set_mouse_grab(false);
                }
            }
            Action::FollowOnMap => {
                // Turning follow off keeps the view where it is.
                self.map.view = self.map.view_now(eye);
                self.map.follow = !self.map.follow;
            }
            Action::ZoomMapIn => self.map.view = self.map.view.key_zoom(1),
            Action::ZoomMapOut => self.map.view = self.map.view.key_zoom(-1),
            Action::FitMap => {
                let size = self.view_size();
                self.map.fit(collider, eye, size);
            }
            Action::DropMark => match self.map.marks.drop_at(eye) {
                Some(number) => {
                    println!("{}  # mark {number}", self.walker.position_for_level_file());
                }
                None => self.notice("all 10 marks are placed; C clears them".to_owned()),
            },
            Action::ClearMarks => self.map.marks.clear(),
            Action::ToggleReach => self.map.toggle_reach(collider, eye),
            _ => return false,
        }
        true
    }

    /// The arrow keys pan the full map while it does not follow the eye;
    /// true when `key` did (it then does not also walk or turn).
    pub(super) fn map_pan_key(&mut self, key: KeyCode, pressed: bool) -> bool {
        if !pressed || !self.map.is_full() || self.map.follow {
            return false;
        }
        let direction = match key {
            KeyCode::ArrowLeft => Vec2::NEG_X,
            KeyCode::ArrowRight => Vec2::X,
            KeyCode::ArrowUp => Vec2::NEG_Y,
            KeyCode::ArrowDown => Vec2::Y,
            _ => return false,
        };
        // The view moves towards the arrow: the map the other way.
        self.map.pan(-direction * PAN_PIXELS);
        true
    }

    /// The pointer moved to `position` (pixels from the top left).
    pub(super) fn pointer_moved(&mut self, position: Vec2) {
        if let Some(Press::Pan(last)) = self.press {
            self.map.pan(position - last);
            self.press = Some(Press::Pan(position));
        }
        self.pointer = Some(position);
    }

    /// The wheel zooms the map while it shows.
    pub(super) fn wheel(&mut self, delta: MouseScrollDelta) {
        if self.map.mode().is_none() {
            return;
        }
        let notches = match delta {
            MouseScrollDelta::LineDelta(_, lines) => lines,
            MouseScrollDelta::PixelDelta(pixels) => pixels.y as f32 / PIXELS_PER_NOTCH,
        };
        self.map.view = self.map.view.wheel_zoom(notches);
    }

    /// A mouse button on the full map; false when the map is not full (the
    /// click then grabs the mouse for looking, as before).
    pub(super) fn map_button(&mut self, button: MouseButton, state: ElementState) -> bool {
        if !self.map.is_full() {
            return false;
        }
        let Some(pointer) = self.pointer else {
            return true;
        };
        let pressed = state == ElementState::Pressed;
        match (button, pressed, self.edit.is_active()) {
            (MouseButton::Left, true, false) => {
                self.press = Some(Press::Pan(pointer));
            }
            (MouseButton::Left, true, true) => {
                let world = self.pointer_on_map(pointer);
                let within = self.pick_distance().max(ENDPOINT_SNAP_DISTANCE);
                let end = self.live.collider().nearest_wall_end(world, within);
                self.press = Some(Press::Edit { at: pointer, end });
            }
            (MouseButton::Left, false, _) => {
                if let Some(Press::Edit { at, end }) = self.press.take() {
                    let dragged = pointer.distance(at) >= CLICK_PIXELS;
                    match end {
                        Some(from) if dragged => self.move_endpoint(from),
                        _ => self.run_edit_action(Action::PlotPoint),
                    }
                }
                self.press = None;
            }
            (MouseButton::Right, true, true) => {
                let world = self.pointer_on_map(pointer);
                let nearest = self
                    .live
                    .collider()
                    .nearest_wall(world, self.pick_distance());
                match nearest {
                    Some((index, _)) => self.delete_wall(index),
                    None => self.notice("no wall under the pointer".to_owned()),
                }
            }
            _ => {}
        }
        true
    }

    /// The floor-plan point under the pointer at `pixel` on the map.
    fn pointer_on_map(&self, pixel: Vec2) -> Vec2 {
        let eye = self.walker.position();
        self.map.view_now(eye).to_world(pixel, self.view_size())
    }

    /// [`PICK_PIXELS`] in metres at the map's zoom.
    fn pick_distance(&self) -> f32 {
        PICK_PIXELS / self.map.view.pixels_per_metre
    }

    /// The cursor point while editing on the full map: the pointer, snapped
    /// (Alt: not); `None` elsewhere.
    pub(super) fn map_cursor(&self) -> Option<Vec2> {
        if !(self.map.is_full() && self.edit.is_active()) {
            return None;
        }
        let world = self.pointer_on_map(self.pointer?);
        let snapping = !self.input.modifiers().alt;
        Some(snap(world, self.live.collider(), self.edit.grid, snapping))
    }

    /// Where a drag on the map started from, while one is under way: the
    /// map draws a line from it to the cursor.
    pub(super) fn dragged_end(&self) -> Option<Vec2> {
        match self.press {
            Some(Press::Edit { end, .. }) => end,
            _ => None,
        }
    }

    /// The size of the views drawn, in pixels.
    pub(super) fn view_size(&self) -> (u32, u32) {
        self.graphics
            .as_ref()
            .map_or(self.options.size, |graphics| graphics.renderer.size())
    }
}
