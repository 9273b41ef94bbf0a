//! One door's state between ticks: how far open it is, which way it moves,
//! how long it has stood fully open, and whether it has stood open since
//! the level started.

use crate::level::{Door, DoorOpens};
use crate::tick::TICK_SECONDS;

use super::geometry::opening_per_tick;

/// Which way a door moves.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Motion {
    /// Standing: closed, fully open, or (after a level change) where it was.
    Still,
    /// Moving toward fully open.
    Opening,
    /// Moving toward closed.
    Closing,
}

/// A door's state.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct DoorState {
    /// 0 closed … 1 open.
    pub opening: f32,
    /// Which way it moves.
    pub motion: Motion,
    /// Ticks it has stood fully open: it closes once they reach its
    /// `close_after` (counted in ticks, so that every replay agrees).
    pub open_ticks: u32,
    /// Whether it has stood open since the level started (a door that
    /// starts open) and has not moved since: its wait does not run, so it
    /// stays open until something closes it, as Doom's open door sectors
    /// do until a line closes them.
    pub held_open: bool,
}

impl DoorState {
    /// A closed door, standing.
    pub const CLOSED: Self = Self {
        opening: 0.0,
        motion: Motion::Still,
        open_ticks: 0,
        held_open: false,
    };

    /// A door that starts open: fully open, standing, its wait not
    /// running.
    pub const HELD_OPEN: Self = Self {
        opening: 1.0,
        motion: Motion::Still,
        open_ticks: 0,
        held_open: true,
    };

    /// How `door` stands when the level starts: closed, or held open
    /// where it starts open.
    pub fn at_start(door: &Door) -> Self {
        if door.open {
            Self::HELD_OPEN
        } else {
            Self::CLOSED
        }
    }

    /// Whether the leaf closes the span and stands: closed.
    pub fn is_closed(&self) -> bool {
        self.opening == 0.0 && self.motion == Motion::Still
    }

    /// The use key: opens a closed or closing door, closes an open or
    /// opening one.
    pub fn use_it(&mut self) {
        self.motion = match self.motion {
            Motion::Closing => Motion::Opening,
            Motion::Opening => Motion::Closing,
            Motion::Still if self.opening == 0.0 => Motion::Opening,
            Motion::Still => Motion::Closing,
        };
        self.held_open = false;
    }

    /// Starts opening, unless it is opening or open already.
    pub fn open(&mut self) {
        if self.motion == Motion::Closing || self.is_closed() {
            self.motion = Motion::Opening;
        }
    }

    /// Starts closing, as when its wait runs out, unless it is closed or
    /// closing already.
    pub fn close(&mut self) {
        if self.motion == Motion::Opening || (self.motion == Motion::Still && self.opening > 0.0) {
            self.motion = Motion::Closing;
            self.open_ticks = 0;
            self.held_open = false;
        }
    }

    /// The opening this tick aims for, after `close_after` and (for a
    /// `near` door) the eye's nearness had their say: `eye_near` holds a
    /// near door open and opens it.
    pub fn plan(&mut self, door: &Door, eye_near: bool) -> f32 {
        let near_door = door.opens == DoorOpens::Near;
        if near_door && eye_near {
            self.open();
            self.open_ticks = 0;
        }
        let waits = !self.held_open && door.close_after > 0.0;
        if self.motion == Motion::Still && self.opening == 1.0 && waits {
            self.open_ticks = self.open_ticks.saturating_add(1);
            if self.open_ticks as f32 * TICK_SECONDS >= door.close_after {
                self.motion = Motion::Closing;
            }
        }
        let step = opening_per_tick(door);
        match self.motion {
            Motion::Still => self.opening,
            Motion::Opening => (self.opening + step).min(1.0),
            Motion::Closing => (self.opening - step).max(0.0),
        }
    }

    /// The leaf reached `opening`: a door at either end stands.
    pub fn arrive(&mut self, opening: f32) {
        self.opening = opening;
        let arrived = match self.motion {
            Motion::Opening => opening >= 1.0,
            Motion::Closing => opening <= 0.0,
            Motion::Still => false,
        };
        if arrived {
            self.motion = Motion::Still;
            self.open_ticks = 0;
        }
    }

    /// The leaf could not move without trapping the eye: it stays, and a
    /// closing door opens again.
    pub fn give_way(&mut self) {
        if self.motion == Motion::Closing {
            self.motion = Motion::Opening;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::level::MaterialId;
    use crate::tick::TICK_RATE;
    use glam::Vec2;

    fn door() -> Door {
        Door::with_defaults(Vec2::ZERO, Vec2::new(0.9, 0.0), MaterialId(0))
    }

    fn run(state: &mut DoorState, door: &Door, ticks: u32, near: bool) {
        for _ in 0..ticks {
            let target = state.plan(door, near);
            state.arrive(target);
        }
    }

    #[test]
    fn use_opens_then_it_closes_after_its_time() {
        let door = door();
        let mut state = DoorState::CLOSED;
        state.use_it();
        // 0.9 m at 90° is 1.41 m of travel at 1.5 m/s: 114 ticks.
        run(&mut state, &door, 113, false);
        assert_eq!(state.motion, Motion::Opening);
        run(&mut state, &door, 1, false);
        assert_eq!((state.opening, state.motion), (1.0, Motion::Still));
        run(&mut state, &door, 4 * TICK_RATE - 1, false);
        assert_eq!(state.motion, Motion::Still);
        run(&mut state, &door, 1, false);
        assert_eq!(state.motion, Motion::Closing);
        run(&mut state, &door, TICK_RATE, false);
        assert!(state.is_closed());
    }

    #[test]
    fn use_reverses_a_moving_door_and_close_after_zero_stays_open() {
        let mut door = door();
        door.close_after = 0.0;
        let mut state = DoorState::CLOSED;
        state.use_it();
        run(&mut state, &door, 10, false);
        state.use_it();
        assert_eq!(state.motion, Motion::Closing);
        state.use_it();
        run(&mut state, &door, 10 * TICK_RATE, false);
        assert_eq!((state.opening, state.motion), (1.0, Motion::Still));
        state.use_it();
        assert_eq!(state.motion, Motion::Closing);
    }

    #[test]
    fn a_near_door_opens_for_the_eye_and_stays_open_while_it_is_near() {
        let mut door = door();
        door.opens = DoorOpens::Near;
        let mut state = DoorState::CLOSED;
        run(&mut state, &door, 10 * TICK_RATE, true);
        assert_eq!((state.opening, state.motion), (1.0, Motion::Still));
        run(&mut state, &door, 4 * TICK_RATE, false);
        assert_eq!(state.motion, Motion::Closing);
        // A use door ignores the eye's nearness.
        let mut state = DoorState::CLOSED;
        run(&mut state, &self::door(), 10, true);
        assert!(state.is_closed());
    }

    #[test]
    fn close_closes_an_open_or_opening_door_and_leaves_a_closed_one() {
        let door = door();
        let mut state = DoorState::CLOSED;
        state.close();
        assert_eq!(state, DoorState::CLOSED);
        state.use_it();
        run(&mut state, &door, 10, false);
        state.close();
        assert_eq!(state.motion, Motion::Closing);
        run(&mut state, &door, 10 * TICK_RATE, false);
        assert!(state.is_closed());
        let mut open = DoorState {
            open_ticks: 5,
            ..DoorState::HELD_OPEN
        };
        open.close();
        assert_eq!(
            (open.motion, open.open_ticks, open.held_open),
            (Motion::Closing, 0, false)
        );
    }

    #[test]
    fn a_blocked_closing_door_opens_again() {
        let mut state = DoorState {
            opening: 0.5,
            motion: Motion::Closing,
            ..DoorState::CLOSED
        };
        state.give_way();
        assert_eq!(state.motion, Motion::Opening);
        state.give_way();
        assert_eq!(state.motion, Motion::Opening);
    }

    #[test]
    fn a_door_that_starts_open_stays_open_until_closed_then_waits_as_any_door() {
        let mut door = door();
        door.kind = crate::level::DoorKind::Rise;
        door.open = true;
        let mut state = DoorState::at_start(&door);
        assert_eq!(state, DoorState::HELD_OPEN);
        run(&mut state, &door, 60 * TICK_RATE, false);
        assert_eq!((state.opening, state.motion), (1.0, Motion::Still));
        state.close();
        run(&mut state, &door, 10 * TICK_RATE, false);
        assert!(state.is_closed());
        // Opened again, it closes after its wait as a door closed at the
        // start does.
        state.use_it();
        run(&mut state, &door, 10 * TICK_RATE, false);
        assert!(state.is_closed());
        assert_eq!(DoorState::at_start(&self::door()), DoorState::CLOSED);
    }
}
