//! The first-person controller: turns one tick's input (held keys, mouse
//! counts, toggle presses) into a camera turn and an XZ move, and sends every
//! move through the collider. [`Walker::step`] is the one path for the
//! window, recording, demo playback and tests. Pure logic, no window, so
//! movement is testable headless.
//!
//! Module map: `tick_input` what a tick is told ([`TickInput`], [`InputGatherer`]),
//! `settings` the tuning ([`WalkerSettings`]) and `physics` the velocity
//! model.

mod bodies;
mod physics;
mod settings;
mod surroundings;
mod tick_input;

use glam::{Vec2, Vec3};

use crate::camera::Camera;
use crate::collision::{Collider, CollisionError, MoveOptions, MoveOutcome, MovePolicy};
use crate::doors::Doors;
use crate::level::Level;
use crate::tick::TICK_SECONDS;

pub use bodies::Bodies;
pub use settings::WalkerSettings;
pub use surroundings::{MoveAmong, move_among, press_use};
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

/// What one tick did, in the spirit of rapier's character controller result:
/// what was asked, what was applied, and what was touched.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct StepReport {
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

/// The walker: a camera on the XZ plane, its velocity, and the collision
/// switches.
#[derive(Debug, Clone, PartialEq)]
pub struct Walker {
    /// The eye after the last tick; `position.y` stays at the level's eye
    /// height.
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
    /// The level's doors: they move on the walker's tick, before the eye,
    /// so that every path that runs ticks (the window, recording, demo
    /// playback, `replay`) moves them the same. Default: none; a walker
    /// [`at_spawn`](Self::at_spawn) has the level's, all closed.
    pub doors: Doors,
    /// The level's loose bodies: they move on the walker's tick, after the
    /// doors and the eye, pushed by the eye and knocked by the leaves.
    /// Entering or leaving edit mode puts them back where the file places
    /// them. Default: none; a walker [`at_spawn`](Self::at_spawn) has the
    /// level's.
    pub bodies: Bodies,
    /// The eye before the last tick, for [`interpolated_camera`](Self::interpolated_camera).
    previous: Camera,
    /// Metres per second on the XZ plane (kept between ticks only when
    /// acceleration is on).
    velocity: Vec2,
}

impl Walker {
    /// A walker at the level's spawn, heading and eye height, sliding along
    /// walls, with the default settings.
    pub fn at_spawn(level: &Level) -> Self {
        let spawn = level.player;
        let position = Vec3::new(spawn.start.x, spawn.eye_height, spawn.start.y);
        Self {
            doors: Doors::new(&level.doors),
            bodies: Bodies::new(level),
            ..Self::standing(Camera::new(position, spawn.yaw_degrees))
        }
    }

    /// A walker standing still with `camera` as its eye, with the default
    /// settings and switches.
    pub fn standing(camera: Camera) -> Self {
        Self {
            camera,
            settings: WalkerSettings::default(),
            move_options: MoveOptions::default(),
            editing: false,
            torch: false,
            doors: Doors::default(),
            bodies: Bodies::default(),
            previous: camera,
            velocity: Vec2::ZERO,
        }
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

    /// Runs one tick of [`TICK_SECONDS`]: flips the toggles pressed, turns
    /// by the mouse counts and the turn keys, presses use on the door or
    /// loose body it means, then moves the doors (which may push the eye),
    /// the eye through the collider among the doors' leaves and the loose
    /// bodies, and the bodies (see [`move_among`]). `collider` holds no
    /// loose obstacle ([`Level::walking_collider`]). Never panics;
    /// out-of-range axes are clamped and non-finite mouse counts ignored.
    pub fn step(&mut self, input: &TickInput, collider: &Collider) -> StepReport {
        let was_editing = self.editing;
        self.apply_toggles(input.toggles);
        if self.editing != was_editing {
            self.bodies.reset();
        }
        self.previous = self.camera;
        let held = input.held.clamped();
        self.turn(held, input.mouse);
        if input.toggles.use_door {
            let (eye, facing) = (self.position(), self.camera.flat_forward());
            press_use(&mut self.doors, &mut self.bodies, eye, facing, collider);
        }
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
            physics::next_velocity(self.velocity, wish * speed, &self.settings, TICK_SECONDS);
        let desired = self.velocity * TICK_SECONDS;
        let options = MoveOptions {
            ghost: self.passes_walls(),
            ..self.move_options
        };
        let eye = self.position();
        let MoveAmong { start, collision } = move_among(
            &mut self.doors,
            &mut self.bodies,
            collider,
            eye,
            desired,
            &options,
            self.editing,
        );
        self.set_position(start);
        let applied = match &collision {
            Ok(outcome) => {
                self.set_position(outcome.position);
                self.velocity = physics::after_contacts(self.velocity, outcome);
                outcome.position - start
            }
            Err(_) => {
                self.velocity = Vec2::ZERO;
                Vec2::ZERO
            }
        };
        StepReport {
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

    /// Puts the eye at `position` on the XZ plane.
    fn set_position(&mut self, position: Vec2) {
        self.camera.position.x = position.x;
        self.camera.position.z = position.y;
    }

    /// Whether moves pass through walls: in ghost mode or edit mode.
    pub fn passes_walls(&self) -> bool {
        self.move_options.ghost || self.editing
    }

    /// Flips the switches pressed.
    fn apply_toggles(&mut self, toggles: Toggles) {
        if toggles.ghost {
            self.move_options.ghost = !self.move_options.ghost;
        }
        if toggles.edit {
            self.editing = !self.editing;
        }
        if toggles.torch {
            self.torch = !self.torch;
        }
        if toggles.policy {
            self.move_options.policy = match self.move_options.policy {
                MovePolicy::Slide => MovePolicy::Reject,
                MovePolicy::Reject => MovePolicy::Slide,
            };
        }
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::collision::Wall;
    use crate::tick::{TICK_RATE, TickClock};
    use glam::DVec2;

    fn walker_at_origin(yaw_degrees: f32) -> Walker {
        Walker::standing(Camera::new(Vec3::new(0.0, 1.6, 0.0), yaw_degrees))
    }

    fn open_space() -> Collider {
        Collider::new(Vec::new(), Vec::new(), 0.3)
    }

    /// A wall along x = 2 (radius 0.5): the eye stops at x = 1.5.
    fn wall_at_x_2() -> Collider {
        let wall = Wall {
            a: Vec2::new(2.0, -50.0),
            b: Vec2::new(2.0, 50.0),
            radius: 0.5,
        };
        Collider::new(vec![wall], Vec::new(), 0.3)
    }

    fn held(held: MoveIntent) -> TickInput {
        TickInput {
            held,
            ..TickInput::default()
        }
    }

    fn mouse(x: f64, y: f64) -> TickInput {
        TickInput {
            mouse: DVec2::new(x, y),
            ..TickInput::default()
        }
    }

    fn run_ticks(walker: &mut Walker, input: TickInput, ticks: u32, collider: &Collider) {
        for _ in 0..ticks {
            walker.step(&input, collider);
        }
    }

    const FORWARD: MoveIntent = MoveIntent {
        forward: 1.0,
        right: 0.0,
        turn: 0.0,
        look_up: 0.0,
        run: false,
    };

    #[test]
    fn a_second_of_ticks_walks_the_walking_speed() {
        let collider = open_space();
        let mut walker = walker_at_origin(0.0);
        run_ticks(&mut walker, held(FORWARD), 2 * TICK_RATE, &collider);
        assert!(
            (walker.position().x - 6.0).abs() < 1e-4,
            "{}",
            walker.position()
        );
        assert_eq!(walker.position().y, 0.0);
    }

    #[test]
    fn distance_walked_does_not_depend_on_the_frame_rate() {
        // The window's loop: a clock per frame, the frame's ticks, each step.
        let walk = |frame_rate: u32| {
            let collider = open_space();
            let mut walker = walker_at_origin(30.0);
            let mut clock = TickClock::new();
            for _ in 0..2 * frame_rate {
                for _ in 0..clock.advance(1.0 / f64::from(frame_rate)) {
                    walker.step(&held(FORWARD), &collider);
                }
            }
            walker.position()
        };
        let slow = walk(24);
        for frame_rate in [60, 144, 240] {
            assert_eq!(walk(frame_rate), slow, "{frame_rate} Hz against 24 Hz");
        }
        assert!((slow.length() - 6.0).abs() < 1e-4, "{slow}");
    }

    #[test]
    fn diagonals_are_not_faster_and_running_is() {
        let collider = open_space();
        let mut diagonal = walker_at_origin(0.0);
        let intent = MoveIntent {
            right: 1.0,
            ..FORWARD
        };
        run_ticks(&mut diagonal, held(intent), TICK_RATE, &collider);
        assert!((diagonal.position().length() - 3.0).abs() < 1e-4);
        let mut runner = walker_at_origin(0.0);
        let run = MoveIntent {
            run: true,
            ..FORWARD
        };
        run_ticks(&mut runner, held(run), TICK_RATE, &collider);
        assert!((runner.position().x - 6.0).abs() < 1e-4);
    }

    #[test]
    fn a_wall_stops_the_walker_at_its_radius_with_or_without_acceleration() {
        for accelerate in [0.0, 10.0] {
            let collider = wall_at_x_2();
            let mut walker = walker_at_origin(0.0);
            walker.settings.accelerate = accelerate;
            run_ticks(&mut walker, held(FORWARD), 2 * TICK_RATE, &collider);
            let x = walker.position().x;
            assert!(
                x <= 1.5 && x > 1.499,
                "accelerate {accelerate}: stopped at {x}"
            );
            // Pressing into the wall leaves no speed to carry away.
            let step = walker.step(&TickInput::default(), &collider);
            assert_eq!(step.applied, Vec2::ZERO, "accelerate {accelerate}");
        }
    }

    #[test]
    fn a_step_reports_the_move_asked_the_move_made_and_the_wall_touched() {
        let collider = wall_at_x_2();
        let mut walker = walker_at_origin(0.0);
        walker.place(Pose {
            position: Vec2::new(1.49, 0.0),
            yaw: 0.0,
            pitch: 0.0,
        });
        let step = walker.step(&held(FORWARD), &collider);
        assert!((step.desired.x - 3.0 / 120.0).abs() < 1e-7, "{step:?}");
        assert!(step.applied.x < 0.01 && step.applied.x >= 0.0, "{step:?}");
        let outcome = step.collision.expect("a finite move");
        assert_eq!(
            outcome.contacts().first().map(|contact| contact.surface),
            Some(crate::collision::Surface::Wall(0))
        );
    }

    #[test]
    fn acceleration_ramps_the_speed_up_and_friction_stops_the_walker() {
        let collider = open_space();
        let mut walker = walker_at_origin(0.0);
        walker.settings.accelerate = 10.0;
        let first = walker.step(&held(FORWARD), &collider);
        let full_tick = 3.0 / 120.0;
        assert!(
            first.applied.x > 0.0 && first.applied.x < full_tick / 2.0,
            "{first:?}"
        );
        run_ticks(&mut walker, held(FORWARD), TICK_RATE, &collider);
        let cruising = walker.step(&held(FORWARD), &collider);
        assert!(
            (cruising.applied.x - full_tick).abs() < 1e-5,
            "{cruising:?}"
        );
        // Keys released: the walker coasts a little, then stands still.
        let released_at = walker.position().x;
        run_ticks(&mut walker, TickInput::default(), TICK_RATE, &collider);
        let coasted = walker.position().x - released_at;
        assert!(coasted > 0.05 && coasted < 1.0, "coasted {coasted} m");
        let resting = walker.step(&TickInput::default(), &collider);
        assert_eq!(resting.applied, Vec2::ZERO);
    }

    #[test]
    fn sliding_along_a_wall_keeps_only_the_speed_along_it() {
        let collider = wall_at_x_2();
        let mut walker = walker_at_origin(45.0);
        walker.settings.accelerate = 10.0;
        run_ticks(&mut walker, held(FORWARD), 2 * TICK_RATE, &collider);
        assert!(walker.position().x > 1.499);
        // Released against the wall: it coasts along the wall (+z) only.
        let step = walker.step(&TickInput::default(), &collider);
        assert!(step.applied.y > 0.0, "{step:?}");
        assert!(step.applied.x.abs() < 1e-6, "{step:?}");
    }

    #[test]
    fn keyboard_turning_is_per_second() {
        let collider = open_space();
        let mut walker = walker_at_origin(0.0);
        let turn = MoveIntent {
            turn: 1.0,
            ..MoveIntent::default()
        };
        run_ticks(&mut walker, held(turn), TICK_RATE / 2, &collider);
        assert!(
            (walker.camera.yaw - 1.25).abs() < 1e-4,
            "{}",
            walker.camera.yaw
        );
    }

    #[test]
    fn the_same_mouse_counts_turn_the_same_angle_whatever_the_tick_count() {
        let collider = open_space();
        let turned = |ticks: u32| {
            let mut walker = walker_at_origin(0.0);
            let per_tick = 120.0 / f64::from(ticks);
            run_ticks(
                &mut walker,
                mouse(per_tick, -per_tick / 2.0),
                ticks,
                &collider,
            );
            (walker.camera.yaw, walker.camera.pitch)
        };
        let (yaw, pitch) = turned(1);
        assert!((yaw - 120.0 * 0.0022).abs() < 1e-5, "{yaw}");
        assert!(
            (pitch - 60.0 * 0.0022).abs() < 1e-5,
            "mouse up looks up: {pitch}"
        );
        for ticks in [2, 3, 8, 120] {
            let (other_yaw, other_pitch) = turned(ticks);
            assert!((other_yaw - yaw).abs() < 1e-5, "{ticks} ticks: {other_yaw}");
            assert!(
                (other_pitch - pitch).abs() < 1e-5,
                "{ticks} ticks: {other_pitch}"
            );
        }
    }

    #[test]
    fn invert_y_flips_the_pitch_only() {
        let collider = open_space();
        let mut normal = walker_at_origin(0.0);
        let mut inverted = walker_at_origin(0.0);
        inverted.settings.invert_y = true;
        normal.step(&mouse(40.0, 30.0), &collider);
        inverted.step(&mouse(40.0, 30.0), &collider);
        assert!(normal.camera.pitch < 0.0, "mouse down looks down");
        assert_eq!(inverted.camera.pitch, -normal.camera.pitch);
        assert_eq!(inverted.camera.yaw, normal.camera.yaw);
        assert!(normal.camera.yaw > 0.0);
    }

    #[test]
    fn toggles_flip_ghost_and_policy_and_edit_mode_passes_walls() {
        let collider = wall_at_x_2();
        let mut walker = walker_at_origin(0.0);
        let press = |toggles: Toggles| TickInput {
            toggles,
            ..TickInput::default()
        };
        let edit = Toggles {
            edit: true,
            ..Toggles::default()
        };
        let before = walker.clone();
        walker.step(&press(edit), &collider);
        assert!(walker.editing && walker.passes_walls());
        assert_eq!(walker.move_options, before.move_options, "ghost stays off");
        run_ticks(&mut walker, held(FORWARD), 2 * TICK_RATE, &collider);
        assert!(walker.position().x > 5.0, "edit mode passes the wall");
        walker.step(&press(edit), &collider);
        assert!(!walker.passes_walls(), "leaving restores walking");
        walker.place(Pose {
            position: Vec2::ZERO,
            ..walker.pose()
        });
        walker.step(
            &press(Toggles {
                ghost: true,
                policy: true,
                edit: false,
                torch: true,
                use_door: false,
            }),
            &collider,
        );
        assert!(walker.move_options.ghost);
        assert_eq!(walker.move_options.policy, MovePolicy::Reject);
        assert!(walker.torch, "the torch flips on its tick");
        run_ticks(&mut walker, held(FORWARD), 2 * TICK_RATE, &collider);
        assert!(walker.position().x > 5.0, "ghost passes the wall");
    }

    #[test]
    fn the_interpolated_camera_blends_the_last_two_ticks_the_short_way_round() {
        let collider = open_space();
        let mut walker = walker_at_origin(179.0);
        let before = walker.camera;
        // Turn 2° right, across ±180°, while walking.
        let counts = f64::from(2f32.to_radians() / walker.settings.mouse_radians_per_count);
        walker.step(
            &TickInput {
                held: FORWARD,
                mouse: DVec2::new(counts, 0.0),
                ..TickInput::default()
            },
            &collider,
        );
        assert!(walker.camera.yaw < 0.0, "wrapped to {}", walker.camera.yaw);
        assert_eq!(walker.interpolated_camera(0.0), before);
        // At 1, the last tick's eye itself: its heading as the tick wrapped
        // it, not the blend's 181°.
        assert_eq!(walker.interpolated_camera(1.0), walker.camera);
        let half = walker.interpolated_camera(0.5);
        assert!(
            (half.yaw.to_degrees() - 180.0).abs() < 1e-3,
            "{}",
            half.yaw.to_degrees()
        );
        let expected = (before.position + walker.camera.position) / 2.0;
        assert!((half.position - expected).length() < 1e-6);
        assert_eq!(
            walker.interpolated_camera(f32::NAN),
            walker.interpolated_camera(1.0)
        );
    }

    #[test]
    fn placing_the_walker_leaves_nothing_to_interpolate() {
        let mut walker = walker_at_origin(0.0);
        let pose = Pose {
            position: Vec2::new(3.0, -2.0),
            yaw: -1.0,
            pitch: 0.25,
        };
        walker.place(pose);
        assert_eq!(walker.pose(), pose);
        assert_eq!(walker.interpolated_camera(0.0), walker.camera);
    }

    #[test]
    fn wild_input_neither_panics_nor_moves_the_walker_off_the_numbers() {
        let collider = wall_at_x_2();
        let mut walker = walker_at_origin(0.0);
        let wild = TickInput {
            held: MoveIntent {
                forward: f32::INFINITY,
                right: f32::NAN,
                turn: -1e30,
                look_up: f32::NEG_INFINITY,
                run: true,
            },
            mouse: DVec2::new(f64::NAN, 1e300),
            toggles: Toggles::default(),
        };
        for _ in 0..10 {
            walker.step(&wild, &collider);
        }
        assert!(walker.position().is_finite() && walker.camera.yaw.is_finite());
        assert!(walker.position().x <= 1.5);
        walker.settings.walk_speed = f32::NAN;
        walker.settings.run_speed = f32::NAN;
        let before = walker.position();
        let step = walker.step(&held(FORWARD), &collider);
        assert!(step.collision.is_err());
        assert_eq!(walker.position(), before);
    }

    #[test]
    fn printed_position_is_paste_ready() {
        let mut walker = walker_at_origin(0.0);
        walker.camera.position = Vec3::new(12.3, 1.6, -4.049);
        assert_eq!(walker.position_for_level_file(), "[12.30, -4.05]");
        walker.camera.position = Vec3::new(-0.001, 1.6, 0.0);
        assert_eq!(walker.position_for_level_file(), "[0.00, 0.00]");
    }
}
