//! The fixed simulation tick: movement always advances in steps of exactly
//! [`TICK_SECONDS`], whatever the frame rate, so the same inputs give
//! bit-identical positions at 30 Hz, 144 Hz or in a headless demo.
//!
//! A frame loop asks [`TickClock::advance`] how many ticks its frame time
//! covers, runs [`Simulation::step`](crate::simulation::Simulation::step) that many
//! times, and draws [`Walker::interpolated_camera`](crate::walker::Walker::interpolated_camera)
//! at [`TickClock::alpha`]: the renderer trails the simulation by less than
//! one tick and motion is smooth at any refresh rate ("Fix Your Timestep!",
//! Glenn Fiedler).

/// Simulation ticks per second.
///
/// 120 Hz: at least the 60 Hz demos need, a whole multiple of the common
/// 60 Hz refresh rate (two ticks a frame, no beat), fine enough that a
/// tick's move at running speed (6 m/s) is 5 cm, well under any wall radius,
/// and cheap: a tick is one collider query.
pub const TICK_RATE: u32 = 120;

/// The length of one tick in seconds (1/[`TICK_RATE`]).
pub const TICK_SECONDS: f32 = 1.0 / TICK_RATE as f32;

/// The most ticks one frame may run: 30 ticks (a quarter of a second). After
/// a stall (a dragged window, a debugger) the rest of the lost time is
/// dropped instead of replayed in a burst, so the walker does not leap
/// across a room and a slow machine does not spiral.
pub const MAX_CATCH_UP_TICKS: u32 = TICK_RATE / 4;

/// Frame time within this fraction of a tick of a tick boundary counts as
/// reaching it (about 8 ns at 120 Hz): frame times that add up to a whole
/// number of ticks in exact arithmetic (six frames at 144 Hz are five ticks)
/// run those ticks on that frame despite floating-point rounding.
const BOUNDARY_TOLERANCE_TICKS: f64 = 1e-6;

/// Turns frame times into whole ticks to run, keeping the remainder.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct TickClock {
    /// Time not yet simulated, in ticks (below one after each `advance`,
    /// give or take the boundary tolerance).
    pending_ticks: f64,
}

impl TickClock {
    /// A clock with no time pending.
    pub fn new() -> Self {
        Self::default()
    }

    /// Adds one frame's duration and returns how many ticks to run now, at
    /// most [`MAX_CATCH_UP_TICKS`]. A negative, NaN or infinite frame time
    /// counts as zero.
    pub fn advance(&mut self, frame_seconds: f64) -> u32 {
        self.add(frame_seconds);
        let due = self.due();
        let max = f64::from(MAX_CATCH_UP_TICKS);
        if due > max {
            // Drop the time beyond the catch-up limit; keep the fraction so
            // the interpolation stays continuous.
            self.pending_ticks = self.pending_ticks.fract();
            return MAX_CATCH_UP_TICKS;
        }
        self.pending_ticks -= due;
        // `due` is a whole number in 0..=MAX_CATCH_UP_TICKS here.
        due as u32
    }

    /// Adds simulated time (a script's or a test's, which never stalls) and
    /// returns every tick it completes, with no catch-up limit.
    pub fn advance_simulated(&mut self, seconds: f64) -> u32 {
        self.add(seconds);
        let due = self.due().min(f64::from(u32::MAX));
        self.pending_ticks -= due;
        // `due` is a whole number in 0..=u32::MAX here.
        due as u32
    }

    /// Adds `seconds` of time, when it is finite and positive.
    fn add(&mut self, seconds: f64) {
        if seconds.is_finite() && seconds > 0.0 {
            self.pending_ticks += seconds * f64::from(TICK_RATE);
        }
    }

    /// The whole ticks pending, counting a boundary within the tolerance
    /// as reached.
    fn due(&self) -> f64 {
        (self.pending_ticks + BOUNDARY_TOLERANCE_TICKS).floor()
    }

    /// How far the frame is between the last tick and the next one, in
    /// 0..=1: the blend of [`Walker::interpolated_camera`](crate::walker::Walker::interpolated_camera).
    pub fn alpha(&self) -> f32 {
        self.pending_ticks.clamp(0.0, 1.0) as f32
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ticks_over(seconds: u32, frame_rate: u32) -> u32 {
        let mut clock = TickClock::new();
        (0..seconds * frame_rate)
            .map(|_| clock.advance(1.0 / f64::from(frame_rate)))
            .sum()
    }

    #[test]
    fn simulated_time_runs_every_tick_and_wall_time_catches_up_at_most_thirty() {
        let mut wall = TickClock::new();
        assert_eq!(wall.advance(2.0), MAX_CATCH_UP_TICKS);
        let mut simulated = TickClock::new();
        assert_eq!(simulated.advance_simulated(2.0), 2 * TICK_RATE);
        // Two and a half ticks at an eighth of the speed, in turn.
        let eighth = f64::from(TICK_SECONDS) / 8.0;
        let ticks: u32 = (0..20).map(|_| simulated.advance_simulated(eighth)).sum();
        assert_eq!(ticks, 2);
        assert!((simulated.alpha() - 0.5).abs() < 1e-6);
    }

    #[test]
    fn every_frame_rate_runs_the_same_ticks_per_second() {
        for frame_rate in [24, 30, 60, 120, 144, 165, 240, 1000] {
            assert_eq!(
                ticks_over(10, frame_rate),
                10 * TICK_RATE,
                "{frame_rate} Hz"
            );
        }
    }

    #[test]
    fn six_frames_at_144_hz_run_five_ticks_on_the_sixth_frame() {
        let mut clock = TickClock::new();
        let ticks: Vec<u32> = (0..12).map(|_| clock.advance(1.0 / 144.0)).collect();
        assert_eq!(ticks, [0, 1, 1, 1, 1, 1, 0, 1, 1, 1, 1, 1]);
        assert_eq!(clock.alpha(), 0.0);
    }

    #[test]
    fn alpha_is_the_fraction_of_a_tick_pending() {
        let mut clock = TickClock::new();
        assert_eq!(clock.advance(0.25 / f64::from(TICK_RATE)), 0);
        assert!((clock.alpha() - 0.25).abs() < 1e-6);
        assert_eq!(clock.advance(1.5 / f64::from(TICK_RATE)), 1);
        assert!((clock.alpha() - 0.75).abs() < 1e-6);
    }

    #[test]
    fn a_stall_runs_at_most_the_catch_up_limit_and_drops_the_rest() {
        let mut clock = TickClock::new();
        assert_eq!(clock.advance(10.0), MAX_CATCH_UP_TICKS);
        assert_eq!(clock.advance(0.0), 0, "the stalled time is not replayed");
        assert_eq!(clock.advance(1.0 / f64::from(TICK_RATE)), 1);
    }

    #[test]
    fn bad_frame_times_run_nothing() {
        let mut clock = TickClock::new();
        for bad in [f64::NAN, f64::INFINITY, f64::NEG_INFINITY, -1.0] {
            assert_eq!(clock.advance(bad), 0, "{bad}");
        }
        assert_eq!(clock.alpha(), 0.0);
    }
}
