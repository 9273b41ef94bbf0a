//! The first-person character controller: a body (the eye), its
//! velocity, its move options and its move through the collider, in the
//! style of rapier's character controller (options in, result out). It
//! turns one tick's input (held keys, mouse counts, switches pressed)
//! into a camera turn and an XZ move; it owns nothing else that moves:
//! the simulation's tick runs it among the doors and the loose bodies.
//! Pure logic, no window, so movement is testable headless.
//!
//! Module map: `tick_input` what a tick is told ([`TickInput`], [`InputGatherer`]),
//! `settings` the tuning ([`WalkerSettings`]), `motion` the velocity
//! model and `feet` the feet on floors at different heights ([`Feet`]).

mod feet;
mod motion;
mod settings;
mod tick_input;

use glam::{Vec2, Vec3};

use crate::camera::Camera;
use crate::collision::{
    Collider, CollisionError, DoorLeaves, Heights, MoveOptions, MoveOutcome, MovePolicy,
};
use crate::level::Level;
use crate::tick::TICK_SECONDS;

pub use feet::{EYE_RISE_SECONDS, Feet, FootStep, GRAVITY};
pub use settings::WalkerSettings;
pub use tick_input::{InputGatherer, MoveIntent, TickInput, Toggle, Toggles};

/// Where the eye stands and looks: what a demo's `start` line records.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Pose {
    /// The eye's position on the XZ plane (x, z), in metres.
    pub position: Vec2,
    /// Heading in radians (0 looks along +x, π/2 along +z), in (-π, π].
    pub yaw: f32,
    /// Pitch in radians, positive looks up.
    pub pitch: f32,
}

/// What the walker's move of one tick did, in the spirit of rapier's
/// character controller result: what was asked, what was applied, and
/// what was touched.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct MoveReport {
    /// The XZ move the walker asked the collider for (its velocity times
    /// the tick).
    pub desired: Vec2,
    /// The XZ move made: `desired` after walls redirected or stopped it.
    pub applied: Vec2,
    /// The collider's report (contacts, blocked, slid), or why it refused
    /// the move (a non-finite position or speed); a refused move moves
    /// nothing.
    pub collision: Result<MoveOutcome, CollisionError>,
}

/// The switches one tick's presses flipped, each with its new state.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Flipped {
    /// Ghost mode, now on.
    pub ghost: Option<bool>,
    /// The reject policy, now on (off: sliding).
    pub reject: Option<bool>,
    /// Edit mode, now on.
    pub edit: Option<bool>,
    /// The torch, now on.
    pub torch: Option<bool>,
}

/// The walker: a camera on the XZ plane, its velocity, and the collision
/// switches.
#[derive(Debug, Clone, PartialEq)]
pub struct Walker {
    /// The eye after the last tick; `position.y` is the eye's height,
    /// which the XZ moves leave as it is.
    pub camera: Camera,
    /// Movement tuning.
    pub settings: WalkerSettings,
    /// How moves meet walls (slide, or reject, or ghost).
    pub move_options: MoveOptions,
    /// Edit mode: the eye moves like ghost mode, through walls, whatever
    /// `move_options.ghost` says, so leaving edit mode restores the mode
    /// before it. Flipped by the edit toggle. Default: off.
    pub editing: bool,
    /// The torch carried by the eye is on: a light at the eye, along the
    /// view, drawn by the renderer. Part of the simulation (a toggle on a
    /// tick), so that demos record it. Default: off.
    pub torch: bool,
    /// The eye before the last tick, for [`interpolated_camera`](Self::interpolated_camera).
    previous: Camera,
    /// Where the feet stand on floors at different heights.
    feet: Feet,
    /// The eye's height above the feet, in metres.
    eye_height: f32,
    /// Metres per second on the XZ plane (kept between ticks only when
    /// acceleration is on).
    velocity: Vec2,
}

impl Walker {
    /// A walker at the level's spawn, heading and eye height, on the floor
    /// at its start, sliding along walls, with the default settings.
    pub fn at_spawn(level: &Level) -> Self {
        let spawn = level.player;
        let floor = level.floor_height_at(spawn.start);
        let position = Vec3::new(spawn.start.x, floor + spawn.eye_height, spawn.start.y);
        let mut walker = Self::standing(Camera::new(position, spawn.yaw_degrees));
        walker.eye_height = spawn.eye_height;
        walker.feet = Feet::standing_at(floor);
        walker
    }

    /// A walker standing still with `camera` as its eye, its feet at 0,
    /// with the default settings and switches.
    pub fn standing(camera: Camera) -> Self {
        Self {
            camera,
            settings: WalkerSettings::default(),
            move_options: MoveOptions::default(),
            editing: false,
            torch: false,
            previous: camera,
            feet: Feet::standing_at(0.0),
            eye_height: camera.position.y,
            velocity: Vec2::ZERO,
        }
    }

    /// The feet's height above the level's ground, in metres.
    pub fn feet(&self) -> f32 {
        self.feet.height()
    }

    /// What the feet did, after a move: ghost mode's feet follow the floor
    /// under the eye's centre, the walker's stand on the highest floor its
    /// body circle of `radius` overlaps in `heights` (stepping up at once,
    /// falling onto a lower one); edit mode's stay. The eye follows.
    pub fn stand(&mut self, heights: &Heights, radius: f32, seconds: f32) -> Option<FootStep> {
        if heights.is_flat() || self.editing {
            return None;
        }
        let position = self.position();
        let ground = if self.move_options.ghost {
            heights.span_at(position).map(|span| span.floor)
        } else {
            heights
                .footing(position, radius)
                .map(|footing| footing.floor)
        };
        let step = ground.and_then(|ground| self.feet.settle(ground, seconds));
        self.lift_eye();
        step
    }

    /// Puts the feet on the highest floor the body circle of `radius`
    /// overlaps in `heights`, at once and at rest: after a
    /// [`place`](Self::place) or a level that changed under the walker.
    pub fn land(&mut self, heights: &Heights, radius: f32) {
        if heights.is_flat() {
            return;
        }
        if let Some(footing) = heights.footing(self.position(), radius) {
            self.feet.land_on(footing.floor);
            self.lift_eye();
            self.previous.position.y = self.camera.position.y;
        }
    }

    /// Whether the feet stand on the highest floor the body circle of
    /// `radius` overlaps in `heights`, at rest (not falling, not in ghost
    /// or edit mode): what a floor moving under them carries with it.
    pub fn stands_on(&self, heights: &Heights, radius: f32) -> bool {
        !heights.is_flat()
            && !self.passes_walls()
            && !self.feet.falling()
            && heights
                .footing(self.position(), radius)
                .is_some_and(|footing| footing.floor == self.feet.height())
    }

    /// Carries the feet with the floor they stood on, which moved: onto
    /// the highest floor the body circle of `radius` now overlaps in
    /// `heights`, at once, without a fall or a step (Doom's
    /// `P_ThingHeightClip`).
    pub fn ride(&mut self, heights: &Heights, radius: f32) {
        if let Some(footing) = heights.footing(self.position(), radius) {
            self.feet.ride_to(footing.floor);
            self.lift_eye();
        }
    }

    /// The eye at the feet's height plus the eye height, less what is left
    /// of its ease after a step up.
    fn lift_eye(&mut self) {
        self.camera.position.y = self.feet.height() + self.eye_height - self.feet.eye_lag();
    }

    /// The eye's position on the XZ plane (x, z).
    pub fn position(&self) -> Vec2 {
        Vec2::new(self.camera.position.x, self.camera.position.z)
    }

    /// Where the eye stands and looks now.
    pub fn pose(&self) -> Pose {
        Pose {
            position: self.position(),
            yaw: self.camera.yaw,
            pitch: self.camera.pitch,
        }
    }

    /// Puts the eye at `pose` (pitch clamped), at rest, with nothing to
    /// interpolate from: a start, a teleport.
    pub fn place(&mut self, pose: Pose) {
        self.set_position(pose.position);
        self.camera.yaw = pose.yaw;
        self.camera.set_pitch(pose.pitch);
        self.previous = self.camera;
        self.velocity = Vec2::ZERO;
    }

    /// The tick's controls: flips the switches pressed, keeps the eye as
    /// it was for [`interpolated_camera`](Self::interpolated_camera), and
    /// turns by the mouse counts and the turn keys. Returns the switches
    /// flipped. Never panics; out-of-range axes are clamped and
    /// non-finite mouse counts ignored.
    pub fn take_controls(&mut self, input: &TickInput) -> Flipped {
        let flipped = self.apply_toggles(input.toggles);
        self.previous = self.camera;
        self.turn(input.held.clamped(), input.mouse);
        flipped
    }

    /// The XZ move the walker asks for this tick, from the keys `held`:
    /// its wished velocity (diagonals no faster, running faster) through
    /// the velocity model (`motion.rs`), times [`TICK_SECONDS`].
    pub fn wished_move(&mut self, held: MoveIntent) -> Vec2 {
        let held = held.clamped();
        let wish =
            self.camera.flat_forward() * held.forward + self.camera.flat_right() * held.right;
        // Diagonals are not faster: the wish direction is at most unit length.
        let wish = if wish.length_squared() > 1.0 {
            wish.normalize()
        } else {
            wish
        };
        let speed = if held.run {
            self.settings.run_speed
        } else {
            self.settings.walk_speed
        };
        self.velocity =
            motion::next_velocity(self.velocity, wish * speed, &self.settings, TICK_SECONDS);
        self.velocity * TICK_SECONDS
    }

    /// Puts the eye at `position` on the XZ plane, its velocity kept:
    /// something moving (a door's leaf) pushed it there.
    pub fn pushed_to(&mut self, position: Vec2) {
        self.set_position(position);
    }

    /// Moves the eye by `desired` through `collider` among the door
    /// `leaves` as its move options say (through everything in ghost and
    /// edit modes). Unless it passes walls, `stop_short(from, made)` then
    /// says where the move `made` from `from` ends among what else is in
    /// the way (the loose bodies). What touching walls leaves of the
    /// velocity is kept; a refused move moves nothing and stops the
    /// walker.
    pub fn move_through(
        &mut self,
        collider: &Collider,
        leaves: &DoorLeaves,
        desired: Vec2,
        stop_short: impl FnOnce(Vec2, Vec2) -> Vec2,
    ) -> MoveReport {
        let options = MoveOptions {
            ghost: self.passes_walls(),
            ..self.move_options
        };
        let from = self.position();
        let feet = self.feet.height();
        let mut collision = collider.move_standing(from, desired, &options, leaves, feet);
        if !options.ghost
            && let Ok(outcome) = &mut collision
        {
            outcome.position = stop_short(from, outcome.position - from);
        }
        let applied = match &collision {
            Ok(outcome) => {
                self.set_position(outcome.position);
                self.velocity = motion::after_contacts(self.velocity, outcome);
                outcome.position - from
            }
            Err(_) => {
                self.velocity = Vec2::ZERO;
                Vec2::ZERO
            }
        };
        MoveReport {
            desired,
            applied,
            collision,
        }
    }

    /// The eye to draw `alpha` (0..=1) of the way from the tick before the
    /// last to the last: position and pitch blended linearly, the heading
    /// along the shorter arc. `alpha` comes from
    /// [`TickClock::alpha`](crate::tick::TickClock::alpha). At 1 (and for
    /// NaN) it is the last tick's eye exactly, not a blend that rounds near
    /// it: a frame drawn at a tick's end sees what the tick left.
    pub fn interpolated_camera(&self, alpha: f32) -> Camera {
        // NaN clamps to NaN: draw the last tick then.
        if alpha.is_nan() || alpha >= 1.0 {
            return self.camera;
        }
        let alpha = alpha.max(0.0);
        let (from, to) = (&self.previous, &self.camera);
        Camera {
            position: from.position.lerp(to.position, alpha),
            yaw: from.yaw + shorter_arc(from.yaw, to.yaw) * alpha,
            pitch: from.pitch + (to.pitch - from.pitch) * alpha,
            ..*to
        }
    }

    /// The eye's position as a level-file point, e.g. `[12.30, -4.05]`:
    /// paste-ready for `start`, `a`, `b` or an obstacle point.
    pub fn position_for_level_file(&self) -> String {
        let position = self.position();
        format!(
            "[{}, {}]",
            two_decimals(position.x),
            two_decimals(position.y)
        )
    }

    /// What the print-position key prints: the eye's position as a
    /// level-file point, and on a level with floors (`with_floor`) the
    /// feet's height to two decimals: `[12.30, -4.05] floor 0.34`.
    pub fn where_it_stands(&self, with_floor: bool) -> String {
        let position = self.position_for_level_file();
        if with_floor {
            format!("{position} floor {}", two_decimals(self.feet()))
        } else {
            position
        }
    }

    /// Puts the eye at `position` on the XZ plane.
    fn set_position(&mut self, position: Vec2) {
        self.camera.position.x = position.x;
        self.camera.position.z = position.y;
    }

    /// Whether moves pass through walls: in ghost mode or edit mode.
    pub fn passes_walls(&self) -> bool {
        self.move_options.ghost || self.editing
    }

    /// Flips the switches pressed; returns them with their new states.
    fn apply_toggles(&mut self, toggles: Toggles) -> Flipped {
        let mut flipped = Flipped::default();
        if toggles.ghost {
            self.move_options.ghost = !self.move_options.ghost;
            flipped.ghost = Some(self.move_options.ghost);
        }
        if toggles.edit {
            self.editing = !self.editing;
            flipped.edit = Some(self.editing);
        }
        if toggles.torch {
            self.torch = !self.torch;
            flipped.torch = Some(self.torch);
        }
        if toggles.policy {
            self.move_options.policy = match self.move_options.policy {
                MovePolicy::Slide => MovePolicy::Reject,
                MovePolicy::Reject => MovePolicy::Slide,
            };
            flipped.reject = Some(self.move_options.policy == MovePolicy::Reject);
        }
        flipped
    }

    /// Turns by the held turn and look keys (per second) and the raw mouse
    /// counts (per count: x right, y down, or up with `invert_y`).
    fn turn(&mut self, held: MoveIntent, mouse: glam::DVec2) {
        let keys = self.settings.turn_speed * TICK_SECONDS;
        let per_count = self.settings.mouse_radians_per_count;
        let mouse = if mouse.is_finite() {
            mouse.as_vec2() * per_count
        } else {
            Vec2::ZERO
        };
        let look_down = if self.settings.invert_y {
            -mouse.y
        } else {
            mouse.y
        };
        let (delta_yaw, delta_pitch) =
            (held.turn * keys + mouse.x, held.look_up * keys - look_down);
        if delta_yaw.is_finite() && delta_pitch.is_finite() {
            self.camera.turn(delta_yaw, delta_pitch);
        }
    }
}

/// The signed angle (radians, in [-π, π)) that turns heading `from` onto
/// heading `to` the shorter way round.
fn shorter_arc(from: f32, to: f32) -> f32 {
    use std::f32::consts::{PI, TAU};
    (to - from + PI).rem_euclid(TAU) - PI
}

/// A coordinate rounded to centimetres, without a "-0.00".
fn two_decimals(value: f32) -> String {
    let text = format!("{value:.2}");
    if text == "-0.00" {
        "0.00".to_owned()
    } else {
        text
    }
}
