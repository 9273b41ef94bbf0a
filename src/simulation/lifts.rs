//! The tick's **lifts** phase: Doom's lifts. A switch starts a lift at
//! rest; its floors lower to the lift's `low`, wait there, and rise back
//! to their own heights. The walker standing on a moving floor rides it.
//! A rising lift that would leave the walker less headroom than its
//! height gives way and lowers again, as Doom's lifts do, rather than
//! crush it.
//!
//! While any lift is away from rest, the tick's phases from here on run
//! through a copy of the collider whose floors stand where the lifts
//! hold them ([`Lifts::collider`]); at rest every lift's floors are the
//! level's, and the copy goes.
//!
//! A frame draws each lift's floors from the lift's `low`, where the
//! level's fixed mesh draws them, up to where the lift holds them
//! ([`Lifts::shapes_near`], `lift_shapes.rs`).

use std::sync::Arc;

use glam::Vec2;

use super::events::Event;
use super::lift_shapes::DrawnFloor;
use crate::collision::{Collider, Heights};
use crate::level::mesh::MovingShape;
use crate::level::{Level, Lift};
use crate::tick::TICK_SECONDS;
use crate::walker::Walker;

/// What a lift is doing.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LiftPhase {
    /// Up, at its floors' own heights, until a switch starts it.
    Rest,
    /// Going down.
    Lowering,
    /// Down, for this many more ticks.
    Waiting {
        /// Ticks left before it rises.
        ticks_left: u32,
    },
    /// Going up.
    Rising,
}

/// One lift's state: how far below its highest floor's own height it
/// stands, and what it is doing.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct LiftState {
    /// How far it has lowered, in metres: 0 at rest, its travel down.
    pub depth: f32,
    /// What it is doing.
    pub phase: LiftPhase,
}

/// One lift as the tick moves it: its floors with their own heights.
#[derive(Debug, Clone, PartialEq)]
struct Moving {
    /// Each floor it moves that the level has, with its own height.
    floors: Vec<(usize, f32)>,
    /// Those floors as a frame draws them, in the same order.
    drawn: Vec<DrawnFloor>,
    low: f32,
    /// How far it lowers: from its highest floor to `low`.
    travel: f32,
    /// Metres a tick.
    step: f32,
    /// Ticks it waits down.
    wait_ticks: u32,
}

impl Moving {
    /// Where its floors stand when it has lowered by `depth`: each at its
    /// own height less `depth`, none below `low`.
    fn heights(&self, depth: f32) -> impl Iterator<Item = (usize, f32)> + '_ {
        self.floors
            .iter()
            .map(move |&(floor, rest)| (floor, (rest - depth).max(self.low)))
    }
}

/// Every lift of a level with its state, and the collider with their
/// floors where they stand while any is away from rest.
#[derive(Debug, Clone, Default)]
pub struct Lifts {
    lifts: Vec<Moving>,
    /// Each lift's depth before the last tick, for drawing between ticks.
    previous: Vec<f32>,
    /// The middle of each lift's floors (the mean of their corners): where
    /// it is heard.
    middles: Vec<Vec2>,
    states: Vec<LiftState>,
    /// The collider with the lifts' floors where they stand; `None` while
    /// every lift rests.
    moved: Option<Arc<Collider>>,
}

impl PartialEq for Lifts {
    /// Lifts are equal when they move the same floors the same way and
    /// stand alike; the collider copy follows from that.
    fn eq(&self, other: &Self) -> bool {
        self.lifts == other.lifts
            && self.states == other.states
            && self.previous == other.previous
            && self.middles == other.middles
    }
}

impl Lifts {
    /// `level`'s lifts, all at rest.
    pub fn new(level: &Level) -> Self {
        let lifts: Vec<Moving> = level.lifts.iter().map(|lift| moving(lift, level)).collect();
        let rest = LiftState {
            depth: 0.0,
            phase: LiftPhase::Rest,
        };
        let middles = level.lifts.iter().map(|lift| middle(lift, level)).collect();
        Self {
            states: vec![rest; lifts.len()],
            previous: vec![0.0; lifts.len()],
            lifts,
            middles,
            moved: None,
        }
    }

    /// The middle of each lift's floors, by index (the origin for a lift
    /// that moves no floor).
    pub fn middles(&self) -> &[Vec2] {
        &self.middles
    }

    /// Each lift's state, by index.
    pub fn states(&self) -> &[LiftState] {
        &self.states
    }

    /// Each floor a lift holds away from its own height, with the height
    /// it stands at: what the floors are drawn at.
    pub fn moved_floors(&self) -> impl Iterator<Item = (usize, f32)> + '_ {
        self.lifts
            .iter()
            .zip(&self.states)
            .filter(|(_, state)| state.depth > 0.0)
            .flat_map(|(lift, state)| lift.heights(state.depth))
    }

    /// The solids of the lifts' floors within `reach` of `eye` as a frame
    /// draws them, `alpha` (0..=1) of the way through the last tick: each
    /// floor from its lift's `low` up to where the lift holds it (see
    /// `lift_shapes.rs`).
    pub fn shapes_near(&self, alpha: f32, eye: Vec2, reach: f32) -> Vec<MovingShape> {
        let mut shapes = Vec::new();
        for (lift, depth) in self.lifts.iter().zip(self.depths(alpha)) {
            for ((_, height), drawn) in lift.heights(depth).zip(&lift.drawn) {
                if drawn.within(eye, reach) {
                    shapes.extend(drawn.shapes(lift.low, height));
                }
            }
        }
        shapes
    }

    /// Where a shape standing on the floor at `centre` stands, `alpha`
    /// (0..=1) of the way through the last tick, when that floor is a
    /// lift's held away from its own height: a loose body carried by the
    /// lift is drawn on it. `None` elsewhere, and while every lift rests.
    pub fn carried_base(&self, centre: Vec2, alpha: f32) -> Option<f32> {
        let floor = self.moved.as_ref()?.heights().floor_at(centre)?;
        self.lifts
            .iter()
            .zip(self.depths(alpha))
            .find_map(|(lift, depth)| lift.heights(depth).find(|&(moved, _)| moved == floor))
            .map(|(_, height)| height)
    }

    /// Each lift's depth `alpha` (0..=1; NaN counts as 1) of the way
    /// from before the last tick to after it.
    fn depths(&self, alpha: f32) -> impl Iterator<Item = f32> + '_ {
        let alpha = if alpha.is_nan() {
            1.0
        } else {
            alpha.clamp(0.0, 1.0)
        };
        (self.states.iter().zip(&self.previous))
            .map(move |(state, &previous)| previous + (state.depth - previous) * alpha)
    }

    /// Starts lift `index` lowering when it rests (one moving already, or
    /// past the level's lifts, is left alone), telling `events`.
    pub fn start(&mut self, index: usize, events: &mut Vec<Event>) {
        if let Some(state) = self.states.get_mut(index)
            && state.phase == LiftPhase::Rest
        {
            state.phase = LiftPhase::Lowering;
            events.push(Event::LiftStarted {
                lift: index,
                lowering: true,
            });
        }
    }

    /// The collider the rest of the tick moves through, the lifts' floors
    /// where they stand (`None` while every lift rests: the level's),
    /// shared, for the phases after this one to borrow while the
    /// simulation changes.
    pub fn moved_collider(&self) -> Option<Arc<Collider>> {
        self.moved.clone()
    }

    /// **Lifts**: every lift moves one tick, in index order, carrying the
    /// walker standing on its floors; a rising one that would leave the
    /// walker less than `headroom` under the ceiling gives way and lowers
    /// again. `collider` is the level's, its floors at their own heights.
    pub fn advance(
        &mut self,
        walker: &mut Walker,
        collider: &Collider,
        headroom: f32,
        events: &mut Vec<Event>,
    ) {
        self.previous.clear();
        self.previous
            .extend(self.states.iter().map(|state| state.depth));
        if self
            .states
            .iter()
            .all(|state| state.phase == LiftPhase::Rest)
        {
            self.moved = None;
            return;
        }
        let radius = collider.body_radius();
        let moved = self.moved.get_or_insert_with(|| Arc::new(collider.clone()));
        let heights = Arc::make_mut(moved).heights_mut();
        let riding = walker.stands_on(heights, radius);
        let squeezable = !walker.passes_walls();
        for (index, (lift, state)) in self.lifts.iter().zip(&mut self.states).enumerate() {
            let before = *state;
            let stopped = next_state(lift, state);
            if matches!(before.phase, LiftPhase::Waiting { .. }) && state.phase == LiftPhase::Rising
            {
                events.push(Event::LiftStarted {
                    lift: index,
                    lowering: false,
                });
            }
            if state.depth != before.depth {
                let room_before = !squeezed(heights, walker, radius, headroom);
                place(heights, lift, state.depth);
                if state.depth < before.depth
                    && squeezable
                    && room_before
                    && squeezed(heights, walker, radius, headroom)
                {
                    *state = LiftState {
                        depth: before.depth,
                        phase: LiftPhase::Lowering,
                    };
                    place(heights, lift, state.depth);
                    events.push(Event::LiftGaveWay { lift: index });
                    continue;
                }
            }
            events.extend(stopped.map(|down| Event::LiftStopped { lift: index, down }));
        }
        if riding {
            walker.ride(heights, radius);
        }
    }
}

/// Lift `lift` as the tick moves it, its floors' own heights from
/// `level`.
fn moving(lift: &Lift, level: &Level) -> Moving {
    let (floors, drawn): (Vec<(usize, f32)>, Vec<DrawnFloor>) = level
        .lift_floors(lift)
        .filter_map(|floor| {
            let height = level.floors.get(floor)?.height;
            Some(((floor, height), DrawnFloor::of(level, floor)?))
        })
        .unzip();
    let highest = floors
        .iter()
        .map(|&(_, height)| height)
        .fold(lift.low, f32::max);
    Moving {
        floors,
        drawn,
        low: lift.low,
        travel: highest - lift.low,
        step: lift.speed * TICK_SECONDS,
        wait_ticks: (lift.wait / TICK_SECONDS).round() as u32,
    }
}

/// The mean of the corners of `lift`'s floors in `level`.
fn middle(lift: &Lift, level: &Level) -> Vec2 {
    let corners: Vec<Vec2> = (level.lift_floors(lift))
        .filter_map(|floor| level.floors.get(floor))
        .flat_map(|floor| floor.points.iter().copied())
        .collect();
    if corners.is_empty() {
        return Vec2::ZERO;
    }
    corners.iter().sum::<Vec2>() / corners.len() as f32
}

/// One tick of `state` for `lift`: lowering by a step to its travel,
/// waiting, rising by a step to rest. When it stops this tick: whether
/// down (`Some(true)`) or up at rest (`Some(false)`).
fn next_state(lift: &Moving, state: &mut LiftState) -> Option<bool> {
    match state.phase {
        LiftPhase::Rest => None,
        LiftPhase::Lowering => {
            state.depth = (state.depth + lift.step).min(lift.travel);
            (state.depth >= lift.travel).then(|| {
                state.phase = LiftPhase::Waiting {
                    ticks_left: lift.wait_ticks,
                };
                true
            })
        }
        LiftPhase::Waiting { ticks_left } => {
            state.phase = match ticks_left.checked_sub(1) {
                Some(left) if left > 0 => LiftPhase::Waiting { ticks_left: left },
                _ => LiftPhase::Rising,
            };
            None
        }
        LiftPhase::Rising => {
            state.depth = (state.depth - lift.step).max(0.0);
            (state.depth <= 0.0).then(|| {
                state.phase = LiftPhase::Rest;
                false
            })
        }
    }
}

/// Puts `lift`'s floors in `heights` where it stands at `depth`.
fn place(heights: &mut Heights, lift: &Moving, depth: f32) {
    for (floor, height) in lift.heights(depth) {
        heights.set_floor_height(floor, height);
    }
}

/// Whether the walker's body circle of `radius` has less than `headroom`
/// between the highest floor and the lowest ceiling over it in
/// `heights`.
fn squeezed(heights: &Heights, walker: &Walker, radius: f32, headroom: f32) -> bool {
    heights
        .footing(walker.position(), radius)
        .is_some_and(|footing| footing.ceiling - footing.floor < headroom)
}
