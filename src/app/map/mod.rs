//! The map as a part of the session: Tab's modes, follow, zoom, fit, marks,
//! reach, the arrow keys and dragging to pan the full map, the wheel, and
//! editing on the full map (the pointer is the cursor point, a left click
//! plots, a right click deletes, dragging an end point moves it). The reach
//! is worked out on a worker in the window; the map works on meanwhile. The state
//! is [`MapState`]; edits are handed to edit mode as [`MapEdit`]s.

mod state;

use std::time::Duration;

use glam::Vec2;
use winit::event::MouseButton;

use crate::app::events::{Input, Request};
use crate::app::job::{JobLatch, WorkProgress};
use crate::app::part::Part;
use crate::app::world::World;
use crate::bindings::Action;
use crate::camera::Camera;
use crate::collision::Collider;
use crate::edit::{ENDPOINT_SNAP_DISTANCE, GridSize, Item, LevelChange, item_under, snap};
use crate::render::MapFrame;
use crate::tick::TICK_SECONDS;
use state::MapState;

/// How near the pointer must be to a wall or an end point for a click to
/// pick it, in pixels (or [`ENDPOINT_SNAP_DISTANCE`] when that is more).
const PICK_PIXELS: f32 = 8.0;

/// A pointer movement shorter than this between press and release is a
/// click, not a drag, in pixels.
const CLICK_PIXELS: f32 = 3.0;

/// How fast the arrow keys pan the full map, in pixels a second.
pub const PAN_PIXELS_PER_SECOND: f32 = 600.0;

/// A left button held on the full map.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Press {
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

/// An edit made with the mouse on the full map, for edit mode to carry out
/// at the cursor point.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum MapEdit {
    /// A click: plot a point.
    Plot,
    /// A right click on wall `index`: delete it.
    Delete(usize),
    /// A drag from this wall end point: move it (and every end there).
    MoveEnd(Vec2),
}

/// The map's part.
#[derive(Debug)]
pub struct Map {
    state: MapState,
    /// Where the pointer is in the window, in pixels.
    pointer: Option<Vec2>,
    /// A left button held on the full map.
    press: Option<Press>,
    /// The arrow keys held on the full map: the direction the view pans.
    pan: Vec2,
    /// Edits made with the mouse since edit mode last took them.
    edits: Vec<MapEdit>,
    /// Edit mode's aimed item's outline on the plan, for this frame.
    aimed: Vec<Vec2>,
}

impl Map {
    /// The map of a level whose walls hide what is behind them where
    /// `occludes` says; `show_all` is `--map-all`.
    pub fn new(occludes: Vec<bool>, show_all: bool) -> Self {
        Self {
            state: MapState::new(occludes, show_all),
            pointer: None,
            press: None,
            pan: Vec2::ZERO,
            edits: Vec::new(),
            aimed: Vec::new(),
        }
    }

    /// From now on the main thread goes on while the reach is worked out
    /// (the window); `latch` holds the work (a test's).
    pub fn work_in_background(&mut self, latch: Option<JobLatch>) {
        self.state.work_in_background(latch);
    }

    /// Once a frame: shows the reach once it is worked out.
    pub fn poll_reach(&mut self) {
        self.state.poll_reach(false);
    }

    /// The reach's progress bar at session time `now`, while it is worked
    /// out.
    pub fn progress(&self, now: Duration) -> Option<WorkProgress> {
        self.state.reach_progress(now)
    }

    /// Whether the full map is open.
    pub fn is_full(&self) -> bool {
        self.state.is_full()
    }

    /// The arrow keys held now (each axis -1..=1; +y pans down).
    pub fn hold_pan(&mut self, direction: Vec2) {
        self.pan = direction;
    }

    /// The mouse edits since the last call.
    pub fn take_edits(&mut self) -> Vec<MapEdit> {
        std::mem::take(&mut self.edits)
    }

    /// Edit mode's cursor point on the full map (`grid` is edit mode's):
    /// the pointer, snapped (Alt: not); `None` when the map is not full.
    pub fn cursor(&self, world: &World, grid: GridSize) -> Option<Vec2> {
        if !self.is_full() {
            return None;
        }
        let at = self.pointer_on_map(self.pointer?, world);
        let snapping = !world.modifiers.alt;
        Some(snap(at, world.live.collider(), grid, snapping))
    }

    /// The item under the pointer on the full map (see
    /// [`item_under`]), or `Some(None)` when the pointer is over nothing;
    /// `None` while the map is not full or the pointer is off it.
    pub fn item_under_pointer(&self, world: &World) -> Option<Option<Item>> {
        if !self.is_full() {
            return None;
        }
        let at = self.pointer_on_map(self.pointer?, world);
        let level = world.live.level();
        Some(item_under(
            world.live.collider(),
            &level.lights,
            &level.doors,
            at,
            self.pick_distance(),
        ))
    }

    /// Takes edit mode's aimed item's outline on the plan (or a carried
    /// item's where it would go; empty for none) for the next frame.
    pub fn set_aimed(&mut self, outline: Vec<Vec2>) {
        self.aimed = outline;
    }

    /// Where a drag on the map started from, while one is under way: the
    /// map draws a line from it to the cursor.
    pub fn dragged_end(&self) -> Option<Vec2> {
        match self.press {
            Some(Press::Edit { end, .. }) => end,
            _ => None,
        }
    }

    /// This frame's map for the eye at `camera`, with edit mode's `cursor`
    /// (and the end of the wall in progress); `None` while the map is off.
    pub fn frame<'a>(
        &'a self,
        world: &'a World,
        camera: &Camera,
        cursor: Option<(Vec2, Option<Vec2>)>,
    ) -> Option<MapFrame<'a>> {
        let eye = Vec2::new(camera.position.x, camera.position.z);
        // The walls seen so far and the fixed obstacles; the loose bodies
        // are drawn where they are.
        self.state.frame(
            world.live.walking_collider(),
            || world.near_misses(),
            (
                &world.live.level().lights,
                world.walker.doors.leaves().leaves(),
                world.walker.bodies.live().bodies(),
            ),
            (eye, camera.yaw),
            world.walker.passes_walls(),
            (cursor, &self.aimed),
        )
    }

    /// The floor-plan point under the pointer at `pixel` on the map.
    fn pointer_on_map(&self, pixel: Vec2, world: &World) -> Vec2 {
        let eye = world.walker.position();
        self.state.view_now(eye).to_world(pixel, world.view_size)
    }

    /// [`PICK_PIXELS`] in metres at the map's zoom.
    fn pick_distance(&self) -> f32 {
        PICK_PIXELS / self.state.view.pixels_per_metre
    }

    /// A mouse button on the full map; false when the map is not full (the
    /// click then grabs the mouse for looking).
    fn button(&mut self, button: MouseButton, pressed: bool, world: &mut World) -> bool {
        if !self.is_full() {
            return false;
        }
        let Some(pointer) = self.pointer else {
            return true;
        };
        let editing = world.walker.editing;
        match (button, pressed, editing) {
            (MouseButton::Left, true, false) => self.press = Some(Press::Pan(pointer)),
            (MouseButton::Left, true, true) => {
                let at = self.pointer_on_map(pointer, world);
                let within = self.pick_distance().max(ENDPOINT_SNAP_DISTANCE);
                let end = world.live.collider().nearest_wall_end(at, within);
                self.press = Some(Press::Edit { at: pointer, end });
            }
            (MouseButton::Left, false, _) => {
                if let Some(Press::Edit { at, end }) = self.press.take() {
                    let dragged = pointer.distance(at) >= CLICK_PIXELS;
                    self.edits.push(match end {
                        Some(from) if dragged => MapEdit::MoveEnd(from),
                        _ => MapEdit::Plot,
                    });
                }
                self.press = None;
            }
            (MouseButton::Right, true, true) => {
                let at = self.pointer_on_map(pointer, world);
                match world.live.collider().nearest_wall(at, self.pick_distance()) {
                    Some((index, _)) => self.edits.push(MapEdit::Delete(index)),
                    None => world.notice("no wall under the pointer"),
                }
            }
            _ => {}
        }
        true
    }
}

impl Part for Map {
    fn act(&mut self, action: Action, world: &mut World) -> bool {
        let eye = world.walker.position();
        let map = &mut self.state;
        match action {
            Action::CycleMap => {
                map.cycle();
                if map.is_full() && world.mouse_grabbed {
                    world.request(Request::GrabMouse(false));
                }
            }
            Action::FollowOnMap => {
                // Turning follow off keeps the view where it is.
                map.view = map.view_now(eye);
                map.follow = !map.follow;
            }
            Action::ZoomMapIn => map.view = map.view.key_zoom(1),
            Action::ZoomMapOut => map.view = map.view.key_zoom(-1),
            Action::FitMap => map.fit(world.live.collider(), eye, world.view_size),
            // The mark printed for pasting into a level file: the command
            // line's output, not a diagnostic.
            Action::DropMark => match map.marks.drop_at(eye) {
                Some(number) => {
                    println!(
                        "{}  # mark {number}",
                        world.walker.position_for_level_file()
                    );
                }
                None => world.notice("all 10 marks are placed; C clears them"),
            },
            Action::ClearMarks => map.marks.clear(),
            Action::ToggleReach => map.toggle_reach(world.live.shared().1, eye, world.time),
            _ => return false,
        }
        true
    }

    fn pointer(&mut self, input: Input, world: &mut World) -> bool {
        match input {
            Input::Pointer(position) => {
                if let Some(Press::Pan(last)) = self.press {
                    self.state.pan(position - last);
                    self.press = Some(Press::Pan(position));
                }
                self.pointer = Some(position);
                false
            }
            Input::Wheel(notches) => {
                if self.state.mode().is_some() {
                    self.state.view = self.state.view.wheel_zoom(notches);
                }
                self.state.mode().is_some()
            }
            Input::Button { button, pressed } => self.button(button, pressed, world),
            _ => false,
        }
    }

    fn tick(&mut self, world: &mut World) {
        if self.is_full() && self.pan != Vec2::ZERO {
            // The view moves towards the arrow: the map the other way.
            self.state
                .pan(-self.pan * PAN_PIXELS_PER_SECOND * TICK_SECONDS);
        }
        let fog = world.fog();
        self.state.follow_walk(
            world.live.collider(),
            &world.walker.camera,
            fog,
            !world.walker.passes_walls(),
        );
    }

    /// The seen and occluding flags follow the change, and while V shows
    /// the reach it is worked out anew.
    fn level_changed(&mut self, old: &Collider, edits: Option<&[LevelChange]>, world: &mut World) {
        let eye = world.walker.position();
        let level = world.live.level();
        match edits {
            Some(edits) => self.state.edited(
                edits,
                level.environment.ceiling_height,
                (old, world.live.collider()),
                || level.occluding_walls(),
            ),
            None => {
                self.state
                    .level_changed(old, world.live.collider(), level.occluding_walls());
            }
        }
        self.state
            .redo_reach(world.live.shared().1, eye, world.time);
    }

    fn hud(&self, world: &World, lines: &mut Vec<String>) {
        lines.extend(self.state.hud_line(world.walker.passes_walls()));
    }
}
