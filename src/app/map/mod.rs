//! The map as a part of the session: Tab's modes, follow, zoom, fit, marks,
//! reach, the arrow keys and dragging to pan the full map, the wheel, and
//! editing on the full map (the pointer is the cursor point, a left click
//! plots, a right click deletes, dragging an end point moves it). The reach
//! is worked out on a worker in the window; the map works on meanwhile. The state
//! is [`MapState`]; edits are sent to edit mode as [`MapEdit`] events.

mod state;

use glam::Vec2;
use winit::event::MouseButton;

use self::state::MapState;
use crate::app::events::{Events, Input, LevelCause, MapEdit, Request};
use crate::app::job::JobLatch;
use crate::app::part::{AimOffer, FrameShare, Lifecycle, Part, Shows, TakesInput, Ticks};
use crate::app::world::World;
use crate::bindings::{Action, Context};
use crate::collision::Collider;
use crate::edit::{ENDPOINT_SNAP_DISTANCE, GridSize, Item, item_under, snap};
use crate::tick::TICK_SECONDS;
use crate::walker::TickInput;

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

/// The map's part.
#[derive(Debug)]
pub struct Map {
    state: MapState,
    /// Where the pointer is in the window, in pixels.
    pointer: Option<Vec2>,
    /// A left button held on the full map.
    press: Option<Press>,
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
            aimed: Vec::new(),
        }
    }

    /// Whether the full map is open.
    fn is_full(&self) -> bool {
        self.state.is_full()
    }

    /// Edit mode's cursor point on the full map (`grid` is edit mode's):
    /// the pointer, snapped (Alt: not), and the item under it (see
    /// [`item_under`]; `None` within: over nothing); `None` when the map
    /// is not full or the pointer is off it.
    fn pointer_aim(&self, world: &World, grid: GridSize) -> Option<(Vec2, Option<Item>)> {
        if !self.is_full() {
            return None;
        }
        let at = self.pointer_on_map(self.pointer?, world);
        let snapping = !world.modifiers.alt;
        let level = world.live.level();
        let item = item_under(
            world.live.collider(),
            &level.lights,
            &level.doors,
            at,
            self.pick_distance(),
        );
        Some((snap(at, world.live.collider(), grid, snapping), item))
    }

    /// Where a drag on the map started from, while one is under way: the
    /// map draws a line from it to the cursor.
    fn dragged_end(&self) -> Option<Vec2> {
        match self.press {
            Some(Press::Edit { end, .. }) => end,
            _ => None,
        }
    }

    /// The floor-plan point under the pointer at `pixel` on the map.
    fn pointer_on_map(&self, pixel: Vec2, world: &World) -> Vec2 {
        let eye = world.simulation.walker.position();
        self.state.view_now(eye).to_world(pixel, world.view_size)
    }

    /// [`PICK_PIXELS`] in metres at the map's zoom.
    fn pick_distance(&self) -> f32 {
        PICK_PIXELS / self.state.view.pixels_per_metre
    }

    /// A mouse button on the full map; false when the map is not full (the
    /// click then grabs the mouse for looking). In edit mode a click, a
    /// drag or a right click sends edit mode its edit.
    fn button(
        &mut self,
        button: MouseButton,
        pressed: bool,
        world: &mut World,
        events: &mut Events,
    ) -> bool {
        if !self.is_full() {
            return false;
        }
        let Some(pointer) = self.pointer else {
            return true;
        };
        let editing = world.edit_mode();
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
                    events.map_edits.send(match end {
                        Some(from) if dragged => MapEdit::MoveEnd(from),
                        _ => MapEdit::Plot,
                    });
                }
                self.press = None;
            }
            (MouseButton::Right, true, true) => {
                let at = self.pointer_on_map(pointer, world);
                match world.live.collider().nearest_wall(at, self.pick_distance()) {
                    Some((index, _)) => events.map_edits.send(MapEdit::Delete(index)),
                    None => world.notice("no wall under the pointer"),
                }
            }
            _ => {}
        }
        true
    }
}

/// The map takes input, follows frames and ticks, shows itself, and follows
/// the live level and its background work.
impl Part for Map {
    fn context(&self, _world: &World) -> Option<Context> {
        self.is_full().then_some(Context::FullMap)
    }

    fn input(&mut self) -> Option<&mut dyn TakesInput> {
        Some(self)
    }

    fn ticks(&mut self) -> Option<&mut dyn Ticks> {
        Some(self)
    }

    fn shows(&mut self) -> Option<&mut dyn Shows> {
        Some(self)
    }

    fn lifecycle(&mut self) -> Option<&mut dyn Lifecycle> {
        Some(self)
    }
}

impl TakesInput for Map {
    fn act(&mut self, action: Action, world: &mut World, events: &mut Events) -> bool {
        let eye = world.simulation.walker.position();
        let map = &mut self.state;
        match action {
            Action::CycleMap => {
                map.cycle();
                if map.is_full() && world.mouse_grabbed {
                    events.requests.send(Request::GrabMouse(false));
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
                    let position = world.simulation.walker.position_for_level_file();
                    crate::platform::print_line(&format!("{position}  # mark {number}"));
                }
                None => world.notice("all 10 marks are placed; C clears them"),
            },
            Action::ClearMarks => map.marks.clear(),
            Action::ToggleReach => map.toggle_reach(world.live.shared().1, eye, world.time),
            _ => return false,
        }
        true
    }

    fn pointer(&mut self, input: Input, world: &mut World, events: &mut Events) -> bool {
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
            Input::Button { button, pressed } => self.button(button, pressed, world, events),
            _ => false,
        }
    }

    /// The edit mode's cursor point and aimed item under the pointer on
    /// the full map, which win over the crosshair's.
    fn offer_aim(&self, world: &World, offer: &mut AimOffer) {
        let Some(grid) = offer.grid else {
            return;
        };
        if let Some((cursor, aimed)) = self.pointer_aim(world, grid) {
            offer.cursor = Some(cursor);
            offer.aimed = Some(aimed);
        }
    }
}

impl Ticks for Map {
    /// Shows the reach once it is worked out.
    fn update(&mut self, _wait: bool, _world: &mut World, _events: &mut Events) {
        self.state.poll_reach(false);
    }

    fn tick(&mut self, _input: Option<&TickInput>, world: &mut World) {
        let pan = world.held_pan;
        if self.is_full() && pan != Vec2::ZERO {
            // The view moves towards the arrow: the map the other way.
            self.state.pan(-pan * PAN_PIXELS_PER_SECOND * TICK_SECONDS);
        }
        let fog = world.fog();
        self.state.follow_walk(
            world.live.collider(),
            &world.simulation.walker.camera,
            fog,
            !world.simulation.walker.passes_walls(),
        );
    }
}

impl Shows for Map {
    fn hud(&self, world: &World, lines: &mut Vec<String>) {
        lines.extend(self.state.hud_line(world.simulation.walker.passes_walls()));
    }

    /// This frame's map, with edit mode's cursor, the end of the wall in
    /// progress and the outline of the item carried or aimed at; the
    /// reach's progress bar while it is worked out.
    fn frame<'a>(&'a mut self, world: &'a World, share: &mut FrameShare<'a>) {
        self.aimed = std::mem::take(&mut share.outlined);
        let this: &'a Self = self;
        let eye = Vec2::new(share.camera.position.x, share.camera.position.z);
        let cursor = share
            .edit_cursor
            .map(|(at, chain_end)| (at, this.dragged_end().or(chain_end)));
        // The walls seen so far and the fixed obstacles; the loose bodies
        // are drawn where they are.
        share.map = this.state.frame(
            world.live.walking_collider(),
            || world.near_misses(),
            (
                &world.live.level().lights,
                world.simulation.doors().leaves().leaves(),
                world.simulation.bodies().live().bodies(),
            ),
            (eye, share.camera.yaw),
            world.simulation.walker.passes_walls(),
            (cursor, &this.aimed),
        );
        share.progress = share
            .progress
            .take()
            .or_else(|| this.state.reach_progress(world.time));
    }
}

impl Lifecycle for Map {
    /// The seen and occluding flags follow the change (a reload brings
    /// its occluding flags, worked out on its worker), and while V shows
    /// the reach it is worked out anew.
    fn level_changed(&mut self, old: &Collider, cause: &LevelCause, world: &mut World) {
        if !cause.reshapes() {
            return;
        }
        let eye = world.simulation.walker.position();
        let level = world.live.level();
        match cause.edits() {
            Some(edits) => self.state.edited(
                edits,
                level.environment.ceiling_height,
                (old, world.live.collider()),
                || level.occluding_walls(),
            ),
            None => {
                let occluding = match cause {
                    LevelCause::Reload(built) => built.occluding.clone(),
                    _ => level.occluding_walls(),
                };
                self.state
                    .level_changed(old, world.live.collider(), occluding);
            }
        }
        self.state
            .redo_reach(world.live.shared().1, eye, world.time);
    }

    fn work_in_background(&mut self, latch: Option<JobLatch>) {
        self.state.work_in_background(latch);
    }
}
