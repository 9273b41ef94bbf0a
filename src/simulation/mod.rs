//! The simulation: everything that moves on the 120 Hz tick, owned in
//! one place: the eye's controller ([`Walker`]), the doors ([`Doors`])
//! and the loose bodies ([`Bodies`]). [`Simulation::step`] is the one
//! path for the window, recording, demo playback, the timedemo and the
//! tests; `replay` gives the eye its move itself
//! ([`Simulation::step_by`]) and runs the same phases from the doors on.
//!
//! A tick runs these phases, in this order (Box2D v3's `b2World_Step`:
//! one world, stages in a fixed order, events read after the step;
//! Quake's `SV_Physics`: the pushers, then the player, then the rest):
//!
//! 1. **controls**: the walker flips the switches pressed and turns
//!    (`Walker::take_controls`, `walker/mod.rs`); entering or leaving edit
//!    mode puts the bodies back where the file places them (`bodies.rs`);
//! 2. **use**: the use key acts on the switch, the exit, the door or the
//!    body the eye faces (`use_key.rs`, `switches.rs`);
//! 3. **doors**: every door moves, its leaf pushing the eye
//!    (`doors.rs`, over `crate::doors`);
//!    **lifts**: every lift moves, the walker standing on one riding it;
//!    a rising one that would squeeze the walker gives way (`lifts.rs`).
//!    From here on the tick runs through the collider with the lifts'
//!    floors where they stand;
//! 4. **eye**: the walker's move through the collider among the leaves,
//!    stopped at the first body in its way (`eye.rs`, over
//!    `Walker::move_through`), then the lines its centre walked over from
//!    their front: an exit is taken, a teleporter sends it to its
//!    destination (`lines.rs`); the walk switches it crossed open their
//!    doors, close those they close and start their lifts, a `once`
//!    switch or teleporter spent by it (`switches.rs`);
//! 5. **bodies**: the loose bodies move, pushed by the eye and knocked by
//!    the leaves; a door that would squeeze one goes back and gives way
//!    (`bodies.rs`, over `crate::physics`);
//! 6. **events**: the bodies' impacts and those that started or stopped
//!    sliding, then what only the tick's end shows (doors that gave way,
//!    started or stopped), after what the phases before told
//!    (`events.rs`). They are read after the step
//!    ([`Simulation::events`]) and cleared by the next.

mod bodies;
mod doors;
mod events;
mod eye;
mod lift_shapes;
mod lifts;
mod lines;
mod switches;
mod use_key;

#[cfg(test)]
mod walker_tests;

use glam::Vec2;

use crate::collision::{Collider, Leaf};
use crate::doors::{Doors, Motion};
use crate::level::{Level, MaterialId};
use crate::tick::TICK_SECONDS;
use crate::walker::{MoveReport, TickInput, Walker};

use bodies::BodiesTick;
use lines::Lines;
use switches::Switches;

pub use bodies::Bodies;
pub use events::{Event, Mode};
pub use lifts::{LiftPhase, LiftState, Lifts};

/// What a tick reports of the eye's move: asked, made, and touched. The
/// rest of what it did is its [`events`](Simulation::events).
pub type StepReport = MoveReport;

/// Everything that moves on the tick, and what the last tick did.
#[derive(Debug, Clone, PartialEq)]
pub struct Simulation {
    /// The eye's controller.
    pub walker: Walker,
    doors: Doors,
    bodies: Bodies,
    /// The lifts, and the collider with their floors where they stand.
    lifts: Lifts,
    /// The walker's height, feet to head: the room a rising lift leaves.
    headroom: f32,
    /// The level's switches, which open and close doors and start lifts,
    /// and which of them are spent.
    switches: Switches,
    /// The level's teleporters and exits, and which teleporters are
    /// spent.
    lines: Lines,
    /// The level's floor material, under every step.
    floor: MaterialId,
    /// Each door's motion at the end of the last tick, to tell when one
    /// starts or stops.
    door_motions: Vec<Motion>,
    /// What the last tick did, in the order it happened.
    events: Vec<Event>,
    /// Whether the level has floors at different heights (or no ground),
    /// so that where the feet stand matters.
    on_floors: bool,
}

impl Simulation {
    /// A walker at `level`'s spawn, among its doors (closed, or open where
    /// they start open) and its loose bodies (where the file places them).
    pub fn at_spawn(level: &Level) -> Self {
        Self::new(Walker::at_spawn(level), level)
    }

    /// `walker` among `level`'s doors (closed, or open where they start
    /// open) and its loose bodies (where the file places them).
    pub fn new(walker: Walker, level: &Level) -> Self {
        let mut simulation = Self::alone(walker);
        simulation.level_changed(level);
        simulation
    }

    /// `walker` with no doors and no bodies, on a floor of the first
    /// material.
    pub fn alone(walker: Walker) -> Self {
        Self {
            walker,
            doors: Doors::default(),
            bodies: Bodies::default(),
            lifts: Lifts::default(),
            headroom: 0.0,
            switches: Switches::default(),
            lines: Lines::default(),
            floor: MaterialId(0),
            door_motions: Vec::new(),
            events: Vec::new(),
            on_floors: false,
        }
    }

    /// The level changed (a reload, an edit, an undo): a door identical to
    /// one of before keeps its state (see [`Doors::changed_to`]), every
    /// other stands as at the level's start (closed, or open where it
    /// starts open), and the loose bodies start again where the changed
    /// file places them; the lifts start at rest. A `once` switch
    /// or teleporter identical to one of before at its index stays spent
    /// if it was; every other starts unspent. The eye stays where it is.
    pub fn level_changed(&mut self, level: &Level) {
        let headroom = level.player.height;
        self.doors = self.doors.changed_to(&level.placed_doors(), headroom);
        self.bodies = Bodies::new(level);
        self.lifts = Lifts::new(level);
        self.headroom = headroom;
        self.switches = self.switches.changed_to(&level.switches);
        self.lines = self.lines.changed_to(level);
        self.floor = level.environment.floor;
        self.on_floors = !level.floors.is_empty() || !level.environment.ground;
        self.door_motions = self.doors.states().iter().map(|s| s.motion).collect();
    }

    /// The doors, as the last tick left them.
    pub fn doors(&self) -> &Doors {
        &self.doors
    }

    /// The lifts, as the last tick left them.
    pub fn lifts(&self) -> &Lifts {
        &self.lifts
    }

    /// The loose bodies, as the last tick left them.
    pub fn bodies(&self) -> &Bodies {
        &self.bodies
    }

    /// Whether the level has floors at different heights (or no ground):
    /// then demos check the feet's height too.
    pub fn stands_on_floors(&self) -> bool {
        self.on_floors
    }

    /// What the last tick did, in the order it happened.
    pub fn events(&self) -> &[Event] {
        &self.events
    }

    /// Runs one tick of [`TICK_SECONDS`] on `input`, through `collider`
    /// (which holds no loose obstacle: [`Level::walking_collider`]), in
    /// the phases the module documentation names. Never panics;
    /// out-of-range axes are clamped and non-finite mouse counts ignored.
    pub fn step(&mut self, input: &TickInput, collider: &Collider) -> StepReport {
        self.events.clear();
        self.take_controls(input);
        if input.toggles.use_door {
            let facing = self.walker.camera.flat_forward();
            self.press_use(facing, collider);
        }
        let desired = self.walker.wished_move(input.held);
        self.move_world(desired, input.held.run, collider)
    }

    /// One tick in which the eye asks for the move `delta` itself (no
    /// controls, no velocity model: `replay`'s `dx dz`), then the doors,
    /// the eye and the bodies move as in [`step`](Self::step).
    pub fn step_by(&mut self, delta: Vec2, collider: &Collider) -> StepReport {
        self.events.clear();
        self.move_world(delta, false, collider)
    }

    /// **Use**: the use key, pressed with the eye looking along `facing`
    /// (see `use_key.rs`). [`step`](Self::step) presses it for a tick's
    /// input; `replay` between ticks.
    pub fn press_use(&mut self, facing: Vec2, collider: &Collider) {
        let eye = self.walker.position();
        if let Some(switch) = self.switches.used(eye, facing, collider) {
            let world = (&mut self.doors, &mut self.lifts);
            self.switches.work(switch, world, &mut self.events);
            return;
        }
        let world = (&mut self.doors, &mut self.bodies, &self.lines);
        let editing = self.walker.editing;
        use_key::press_use(world, (eye, editing), facing, collider, &mut self.events);
    }

    /// **Controls**: the switches pressed flip and the eye turns; entering
    /// or leaving edit mode puts the bodies back.
    fn take_controls(&mut self, input: &TickInput) {
        let flipped = self.walker.take_controls(input);
        events::modes_toggled(flipped, &mut self.events);
        if flipped.edit.is_some() {
            let stopped = self.bodies.reset();
            let stopped = stopped
                .into_iter()
                .map(|body| Event::BodyStoppedSliding { body });
            self.events.extend(stopped);
        }
    }

    /// The tick from the doors on: **doors**, **eye** (asking for the
    /// move `desired`, `running` when the run key was held), **bodies**
    /// and **events**.
    fn move_world(&mut self, desired: Vec2, running: bool, collider: &Collider) -> StepReport {
        let bodies_move = !self.bodies.is_empty() && !self.walker.editing;
        let leaves_before: Vec<Leaf> = if bodies_move {
            self.doors.leaves().leaves().to_vec()
        } else {
            Vec::new()
        };
        doors::move_doors(&mut self.doors, &mut self.walker, collider);
        self.lifts
            .advance(&mut self.walker, collider, self.headroom, &mut self.events);
        let moved = self.lifts.moved_collider();
        let collider = moved.as_deref().unwrap_or(collider);
        let world = (&self.doors, &mut self.bodies, &mut self.lines);
        let (walker, events) = (&mut self.walker, &mut self.events);
        let walked = (self.floor, running);
        let before = walker.position();
        let report = eye::move_eye(walker, world, collider, desired, walked, events);
        let teleported = events
            .iter()
            .any(|event| matches!(event, Event::Teleported { .. }));
        // The walk switches crossed on the way: none on a teleport's tick,
        // whose eye ends far from the path it walked.
        if !teleported {
            let after = self.walker.position();
            for switch in self.switches.walked_over(before, after) {
                let world = (&mut self.doors, &mut self.lifts);
                self.switches.work(switch, world, &mut self.events);
            }
        }
        let bodies =
            bodies_move.then(|| self.move_bodies(&leaves_before, &report, !teleported, collider));
        if let Some(bodies) = &bodies {
            events::bodies_moved(bodies, (&self.bodies, &self.doors), &mut self.events);
        }
        events::doors_changed(&self.doors, &mut self.door_motions, &mut self.events);
        report
    }

    /// **Bodies**: the loose bodies' tick, the leaves moving from
    /// `leaves_before`, pushed by the eye where `report` left it when it
    /// `pushes` (not when it passes walls, nor when it teleported away);
    /// a door that would squeeze a body goes back and gives way.
    fn move_bodies(
        &mut self,
        leaves_before: &[Leaf],
        report: &StepReport,
        pushes: bool,
        collider: &Collider,
    ) -> BodiesTick {
        let radius = collider.body_radius();
        let pushing = match &report.collision {
            Ok(outcome) if pushes && !self.walker.passes_walls() => Some(
                self.bodies
                    .walker_circle(outcome.position, radius, report.desired / TICK_SECONDS),
            ),
            _ => None,
        };
        let tick = self
            .bodies
            .step(leaves_before, self.doors.leaves().leaves(), pushing);
        for &door in &tick.blocked_doors {
            self.doors.hold_back(door);
        }
        tick
    }
}
