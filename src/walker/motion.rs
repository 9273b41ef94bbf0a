//! The walker's velocity from one tick to the next: instant (the default) or
//! Quake's ground model, `PM_Friction` then `PM_Accelerate`, and what
//! touching a wall leaves of it. Pure functions of numbers, no collider.

use glam::Vec2;

use crate::collision::MoveOutcome;

use super::WalkerSettings;

/// Below this speed (m/s) friction stops the walker outright: Quake's
/// 1 unit per second, about 2.5 cm/s.
const REST_SPEED: f32 = 0.025;

/// The velocity (m/s) for the next move of `seconds`.
///
/// `wish` is the wished velocity: a direction at most one long times the
/// walking or running speed. With `settings.accelerate` at 0 (or not a
/// positive number) it is taken as is; otherwise `velocity` loses speed to
/// friction, then gains speed along the wished direction, never beyond the
/// wished speed along it.
pub(super) fn next_velocity(
    velocity: Vec2,
    wish: Vec2,
    settings: &WalkerSettings,
    seconds: f32,
) -> Vec2 {
    let accelerating = settings.accelerate > 0.0; // false for NaN too
    if !accelerating || !velocity.is_finite() {
        return wish;
    }
    let slowed = apply_friction(velocity, settings.friction, settings.stop_speed, seconds);
    let wish_speed = wish.length();
    if wish_speed == 0.0 {
        return slowed;
    }
    let direction = wish / wish_speed;
    let missing = wish_speed - slowed.dot(direction);
    if missing <= 0.0 {
        return slowed;
    }
    let gain = (settings.accelerate * seconds * wish_speed).min(missing);
    slowed + direction * gain
}

/// Quake's `PM_Friction`: speed drops by `friction` × max(speed, stop speed)
/// per second, never below zero.
fn apply_friction(velocity: Vec2, friction: f32, stop_speed: f32, seconds: f32) -> Vec2 {
    let speed = velocity.length();
    if speed < REST_SPEED {
        return Vec2::ZERO;
    }
    let control = speed.max(stop_speed);
    let slower = (speed - control * friction * seconds).max(0.0);
    velocity * (slower / speed)
}

/// What is left of `velocity` after a move that touched walls: nothing when
/// the move was blocked, else the velocity without its parts going into any
/// surface touched (Quake's `PM_ClipVelocity` with no overbounce).
pub(super) fn after_contacts(velocity: Vec2, outcome: &MoveOutcome) -> Vec2 {
    if outcome.blocked {
        return Vec2::ZERO;
    }
    outcome
        .contacts()
        .iter()
        .fold(velocity, |velocity, contact| {
            let into = velocity.dot(contact.normal);
            if into < 0.0 {
                velocity - contact.normal * into
            } else {
                velocity
            }
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    const TICK: f32 = 1.0 / 120.0;

    fn quake() -> WalkerSettings {
        WalkerSettings {
            accelerate: 10.0,
            ..WalkerSettings::default()
        }
    }

    #[test]
    fn off_takes_the_wish_at_once() {
        let wish = Vec2::new(3.0, -1.0);
        let got = next_velocity(Vec2::new(-5.0, 0.0), wish, &WalkerSettings::default(), TICK);
        assert_eq!(got, wish);
    }

    #[test]
    fn accelerating_gains_accelerate_times_wish_speed_per_second_up_to_the_wish() {
        let wish = Vec2::new(3.0, 0.0);
        let first = next_velocity(Vec2::ZERO, wish, &quake(), TICK);
        assert!((first.x - 10.0 * 3.0 * TICK).abs() < 1e-6, "{first}");
        let mut velocity = Vec2::ZERO;
        for _ in 0..120 {
            velocity = next_velocity(velocity, wish, &quake(), TICK);
            assert!(velocity.x <= 3.0 + 1e-6, "{velocity}");
        }
        assert!((velocity.x - 3.0).abs() < 1e-4, "{velocity}");
    }

    #[test]
    fn friction_brakes_at_stop_speed_below_it_and_comes_to_rest() {
        let settings = quake();
        let slow = Vec2::new(0.5, 0.0);
        let braked = next_velocity(slow, Vec2::ZERO, &settings, TICK);
        let expected = 0.5 - settings.stop_speed * settings.friction * TICK;
        assert!((braked.x - expected).abs() < 1e-6, "{braked}");
        let mut velocity = Vec2::new(3.0, 0.0);
        let mut ticks = 0;
        while velocity != Vec2::ZERO {
            velocity = next_velocity(velocity, Vec2::ZERO, &settings, TICK);
            ticks += 1;
            assert!(ticks < 120, "still moving after a second: {velocity}");
        }
    }

    #[test]
    fn non_finite_velocity_starts_over_from_the_wish() {
        let wish = Vec2::new(1.0, 0.0);
        let got = next_velocity(Vec2::new(f32::NAN, 0.0), wish, &quake(), TICK);
        assert_eq!(got, wish);
    }
}
