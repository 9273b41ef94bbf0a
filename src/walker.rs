//! The first-person controller: turns what the person asks for (held keys,
//! mouse motion) into camera turns and XZ moves, and sends every move through
//! the collider. Pure logic — no window — so movement is testable headless.

use glam::{Vec2, Vec3};

use crate::camera::Camera;
use crate::collision::{Collider, CollisionError, MoveOptions, MoveOutcome, MovePolicy};
use crate::level::Level;

/// Movement tuning, in real units. Every field documents its default.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct WalkerSettings {
    /// Walking speed in metres per second. Default 3.0 (a brisk game walk).
    pub walk_speed: f32,
    /// Running speed (Shift held) in metres per second. Default 6.0.
    pub run_speed: f32,
    /// Keyboard turning speed in radians per second. Default 2.5 (≈143°/s).
    pub turn_speed: f32,
    /// Mouse look in radians per raw mouse count. Default 0.0022 (≈0.126° a
    /// count, close to Quake's `sensitivity 5.7 m_yaw 0.022`). Never scaled by
    /// frame time: the same hand motion turns the same angle at any frame rate.
    pub mouse_radians_per_count: f32,
    /// Longest frame step simulated, in seconds. Default 0.25: after a stall
    /// (window dragged, debugger) the walker does not leap across a room. The
    /// collider is continuous, so this is comfort, not safety.
    pub max_step_seconds: f32,
}

impl Default for WalkerSettings {
    fn default() -> Self {
        Self {
            walk_speed: 3.0,
            run_speed: 6.0,
            turn_speed: 2.5,
            mouse_radians_per_count: 0.0022,
            max_step_seconds: 0.25,
        }
    }
}

/// What the person asks for during one frame, each axis in -1..=1.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct MoveIntent {
    /// +1 walks forward, -1 backward.
    pub forward: f32,
    /// +1 steps right, -1 left.
    pub right: f32,
    /// +1 turns right (yaw grows), -1 left.
    pub turn: f32,
    /// +1 looks up, -1 down.
    pub look_up: f32,
    /// Run instead of walk.
    pub run: bool,
}

/// The walker: a camera on the XZ plane plus the collision switches.
#[derive(Debug, Clone, PartialEq)]
pub struct Walker {
    /// The eye; `position.y` stays at the level's eye height.
    pub camera: Camera,
    /// Movement tuning.
    pub settings: WalkerSettings,
    /// How moves meet walls (slide, or reject, or ghost).
    pub move_options: MoveOptions,
}

impl Walker {
    /// A walker at the level's spawn, heading and eye height, sliding along walls.
    pub fn at_spawn(level: &Level) -> Self {
        let spawn = level.player;
        let position = Vec3::new(spawn.start.x, spawn.eye_height, spawn.start.y);
        Self {
            camera: Camera::new(position, spawn.yaw_degrees),
            settings: WalkerSettings::default(),
            move_options: MoveOptions::default(),
        }
    }

    /// The eye's position on the XZ plane (x, z).
    pub fn position(&self) -> Vec2 {
        Vec2::new(self.camera.position.x, self.camera.position.z)
    }

    /// Turns by raw mouse counts (positive x turns right, positive y looks down).
    pub fn look(&mut self, counts_x: f64, counts_y: f64) {
        let scale = self.settings.mouse_radians_per_count;
        self.camera
            .turn(counts_x as f32 * scale, -(counts_y as f32) * scale);
    }

    /// Advances one frame of `seconds`: turns, then moves through the
    /// collider. Returns what the collider reported for the move.
    pub fn update(
        &mut self,
        intent: MoveIntent,
        seconds: f32,
        collider: &Collider,
    ) -> Result<MoveOutcome, CollisionError> {
        let seconds = if seconds.is_finite() {
            seconds.clamp(0.0, self.settings.max_step_seconds)
        } else {
            0.0
        };
        let turn_step = self.settings.turn_speed * seconds;
        self.camera.turn(
            intent.turn.clamp(-1.0, 1.0) * turn_step,
            intent.look_up.clamp(-1.0, 1.0) * turn_step,
        );
        let wish = self.camera.flat_forward() * intent.forward.clamp(-1.0, 1.0)
            + self.camera.flat_right() * intent.right.clamp(-1.0, 1.0);
        let speed = if intent.run {
            self.settings.run_speed
        } else {
            self.settings.walk_speed
        };
        // Diagonals are not faster: the wish direction is at most unit length.
        let wish = if wish.length_squared() > 1.0 {
            wish.normalize()
        } else {
            wish
        };
        let outcome =
            collider.move_eye(self.position(), wish * speed * seconds, &self.move_options)?;
        self.camera.position.x = outcome.position.x;
        self.camera.position.z = outcome.position.y;
        Ok(outcome)
    }

    /// Toggles ghost mode; returns the new state.
    pub fn toggle_ghost(&mut self) -> bool {
        self.move_options.ghost = !self.move_options.ghost;
        self.move_options.ghost
    }

    /// Switches between the slide and reject policies; returns the new one.
    pub fn toggle_policy(&mut self) -> MovePolicy {
        self.move_options.policy = match self.move_options.policy {
            MovePolicy::Slide => MovePolicy::Reject,
            MovePolicy::Reject => MovePolicy::Slide,
        };
        self.move_options.policy
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

    fn walker_at_origin(yaw_degrees: f32) -> Walker {
        Walker {
            camera: Camera::new(Vec3::new(0.0, 1.6, 0.0), yaw_degrees),
            settings: WalkerSettings::default(),
            move_options: MoveOptions::default(),
        }
    }

    fn open_space() -> Collider {
        Collider::new(Vec::new(), Vec::new(), 0.3)
    }

    fn walk(walker: &mut Walker, intent: MoveIntent, seconds: f32, fps: u32, collider: &Collider) {
        for _ in 0..(seconds * fps as f32).round() as u32 {
            walker
                .update(intent, 1.0 / fps as f32, collider)
                .expect("finite move");
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
    fn distance_walked_does_not_depend_on_frame_rate() {
        let collider = open_space();
        let mut slow = walker_at_origin(0.0);
        let mut fast = walker_at_origin(0.0);
        walk(&mut slow, FORWARD, 2.0, 24, &collider);
        walk(&mut fast, FORWARD, 2.0, 240, &collider);
        assert!(
            (slow.position().x - 6.0).abs() < 1e-3,
            "{:?}",
            slow.position()
        );
        assert!((slow.position() - fast.position()).length() < 1e-3);
    }

    #[test]
    fn diagonals_are_not_faster_and_running_is() {
        let collider = open_space();
        let mut diagonal = walker_at_origin(0.0);
        let intent = MoveIntent {
            right: 1.0,
            ..FORWARD
        };
        walk(&mut diagonal, intent, 1.0, 60, &collider);
        assert!((diagonal.position().length() - 3.0).abs() < 1e-3);
        let mut runner = walker_at_origin(0.0);
        walk(
            &mut runner,
            MoveIntent {
                run: true,
                ..FORWARD
            },
            1.0,
            60,
            &collider,
        );
        assert!((runner.position().x - 6.0).abs() < 1e-3);
    }

    #[test]
    fn a_stall_does_not_leap_and_a_wall_stops_every_frame_rate_at_the_same_place() {
        let wall = Wall {
            a: Vec2::new(2.0, -5.0),
            b: Vec2::new(2.0, 5.0),
            radius: 0.5,
        };
        let collider = Collider::new(vec![wall], Vec::new(), 0.3);
        let mut stalled = walker_at_origin(0.0);
        stalled
            .update(FORWARD, 10.0, &collider)
            .expect("finite move");
        assert!(
            (stalled.position().x - 0.75).abs() < 1e-4,
            "{:?}",
            stalled.position()
        );
        let mut slow = walker_at_origin(0.0);
        let mut fast = walker_at_origin(0.0);
        walk(&mut slow, FORWARD, 2.0, 10, &collider);
        walk(&mut fast, FORWARD, 2.0, 300, &collider);
        assert!(slow.position().x <= 1.5 && slow.position().x > 1.49);
        assert!((slow.position() - fast.position()).length() < 1e-3);
    }

    #[test]
    fn keyboard_turning_is_per_second_and_mouse_look_is_per_count() {
        let collider = open_space();
        let mut walker = walker_at_origin(0.0);
        let turn = MoveIntent {
            turn: 1.0,
            ..MoveIntent::default()
        };
        walk(&mut walker, turn, 0.5, 50, &collider);
        assert!((walker.camera.yaw - 1.25).abs() < 1e-4);
        walker.look(100.0, 0.0);
        assert!((walker.camera.yaw - (1.25 + 0.22)).abs() < 1e-4);
        walker.look(0.0, 100.0);
        assert!(
            (walker.camera.pitch + 0.22).abs() < 1e-4,
            "mouse down looks down"
        );
    }

    #[test]
    fn printed_position_is_paste_ready() {
        let mut walker = walker_at_origin(0.0);
        walker.camera.position = Vec3::new(12.3, 1.6, -4.049);
        assert_eq!(walker.position_for_level_file(), "[12.30, -4.05]");
        walker.camera.position = Vec3::new(-0.001, 1.6, 0.0);
        assert_eq!(walker.position_for_level_file(), "[0.00, 0.00]");
    }

    #[test]
    fn non_finite_frame_times_do_not_move_the_walker() {
        let collider = open_space();
        let mut walker = walker_at_origin(0.0);
        walker
            .update(FORWARD, f32::NAN, &collider)
            .expect("finite move");
        assert_eq!(walker.position(), Vec2::ZERO);
    }
}
