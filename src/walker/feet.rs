//! The walker's feet on floors at different heights: stepping up at once
//! with the eye easing after (Doom's `P_ZMovement` and `deltaviewheight`),
//! falling under gravity onto a lower floor, and where the eye is drawn
//! above them. Pure functions of numbers, no collider.

/// Gravity, in m/s².
pub const GRAVITY: f32 = 9.81;

/// How long the eye takes to rise to its height after a step up, in
/// seconds: a linear ease, restarted by each step; within the 0.15 s the
/// format promises.
pub const EYE_RISE_SECONDS: f32 = 0.12;

const _: () = assert!(EYE_RISE_SECONDS <= 0.15);

/// What the feet did in one tick.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum FootStep {
    /// They stepped up onto a higher floor, by `rise` metres.
    Up {
        /// How far, in metres.
        rise: f32,
    },
    /// They left the floor they stood on for a lower one, and fall.
    Fell,
    /// They met the floor after a fall, at `speed` m/s, having fallen
    /// `drop` metres.
    Landed {
        /// The speed at the landing, m/s.
        speed: f32,
        /// How far they fell, in metres.
        drop: f32,
    },
}

/// Where the feet stand, how fast they fall, and how far below its height
/// the eye still is after a step up.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Feet {
    /// The feet's height above the level's ground, in metres.
    height: f32,
    /// How fast they fall, m/s (0 standing).
    fall_speed: f32,
    /// Where the fall began, for the landing's drop.
    fall_from: f32,
    /// How far the eye still is below the feet's height plus the eye
    /// height, in metres (≥ 0).
    eye_lag: f32,
    /// How fast the lag closes, m/s.
    eye_rise_speed: f32,
}

impl Feet {
    /// Feet standing still at `height`, the eye at its height.
    pub fn standing_at(height: f32) -> Self {
        Self {
            height,
            fall_speed: 0.0,
            fall_from: height,
            eye_lag: 0.0,
            eye_rise_speed: 0.0,
        }
    }

    /// The feet's height, in metres.
    pub fn height(&self) -> f32 {
        self.height
    }

    /// Whether they are falling.
    pub fn falling(&self) -> bool {
        self.fall_speed > 0.0 || self.fall_from > self.height
    }

    /// How far below the feet's height plus the eye height the eye is
    /// drawn, in metres: easing after a step up.
    pub fn eye_lag(&self) -> f32 {
        self.eye_lag
    }

    /// One tick of `seconds` over `ground`, the highest floor under the
    /// body now: onto it at once when higher (the eye easing after), a
    /// fall towards it under [`GRAVITY`] when lower (exact for constant
    /// acceleration: the mean of the speeds before and after), and the
    /// eye's ease going on. A non-finite `ground` leaves the feet where
    /// they are.
    pub fn settle(&mut self, ground: f32, seconds: f32) -> Option<FootStep> {
        let step = if !ground.is_finite() {
            None
        } else if ground > self.height {
            let rise = ground - self.height;
            let landing = self.falling().then(|| FootStep::Landed {
                speed: self.fall_speed,
                drop: (self.fall_from - ground).max(0.0),
            });
            self.height = ground;
            self.fall_speed = 0.0;
            self.fall_from = ground;
            self.eye_lag += rise;
            self.eye_rise_speed = self.eye_lag / EYE_RISE_SECONDS;
            Some(landing.unwrap_or(FootStep::Up { rise }))
        } else if ground < self.height {
            let started = !self.falling();
            if started {
                self.fall_from = self.height;
            }
            let speed = self.fall_speed + GRAVITY * seconds;
            let fallen = (self.fall_speed + speed) / 2.0 * seconds;
            self.fall_speed = speed;
            self.height -= fallen;
            if self.height <= ground {
                let drop = self.fall_from - ground;
                self.height = ground;
                self.fall_speed = 0.0;
                self.fall_from = ground;
                Some(FootStep::Landed { speed, drop })
            } else if started {
                Some(FootStep::Fell)
            } else {
                None
            }
        } else {
            None
        };
        self.eye_lag = (self.eye_lag - self.eye_rise_speed * seconds).max(0.0);
        step
    }

    /// Moves the feet with the floor they stand on to `ground`, at rest,
    /// the eye's ease after a step going on: a lift carrying them. A
    /// non-finite `ground` leaves them where they are.
    pub fn ride_to(&mut self, ground: f32) {
        if ground.is_finite() {
            self.height = ground;
            self.fall_speed = 0.0;
            self.fall_from = ground;
        }
    }

    /// Puts the feet on `ground` at once, at rest, the eye at its height:
    /// a start, a teleport, a floor changed under them.
    pub fn land_on(&mut self, ground: f32) {
        if ground.is_finite() {
            *self = Self::standing_at(ground);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const TICK: f32 = 1.0 / 120.0;

    #[test]
    fn a_step_up_lifts_the_feet_at_once_and_the_eye_within_the_rise_time() {
        let mut feet = Feet::standing_at(0.0);
        assert_eq!(feet.settle(0.17, TICK), Some(FootStep::Up { rise: 0.17 }));
        assert_eq!(feet.height(), 0.17);
        assert!(feet.eye_lag() > 0.0);
        let ticks = (EYE_RISE_SECONDS / TICK).ceil() as usize;
        for _ in 0..ticks {
            feet.settle(0.17, TICK);
        }
        assert_eq!(feet.eye_lag(), 0.0);
    }

    #[test]
    fn a_drop_of_one_and_a_half_metres_takes_the_time_of_free_fall() {
        let mut feet = Feet::standing_at(1.5);
        let mut ticks = 0;
        let landing = loop {
            ticks += 1;
            match feet.settle(0.0, TICK) {
                Some(FootStep::Landed { speed, drop }) => break (speed, drop),
                Some(FootStep::Fell) => assert_eq!(ticks, 1),
                other => assert_eq!(other, None, "tick {ticks}"),
            }
            assert!(ticks < 1000);
        };
        let expected = (2.0 * 1.5 / GRAVITY).sqrt();
        let took = ticks as f32 * TICK;
        assert!(
            (took - expected).abs() <= TICK,
            "{took} s, not {expected} s"
        );
        assert_eq!(landing.1, 1.5);
        assert!((landing.0 - GRAVITY * took).abs() < 1e-3, "{landing:?}");
        assert_eq!(feet.height(), 0.0);
    }

    #[test]
    fn a_non_finite_ground_leaves_the_feet_alone() {
        let mut feet = Feet::standing_at(0.5);
        assert_eq!(feet.settle(f32::NAN, TICK), None);
        assert_eq!(feet.settle(f32::NEG_INFINITY, TICK), None);
        assert_eq!(feet.height(), 0.5);
    }
}
