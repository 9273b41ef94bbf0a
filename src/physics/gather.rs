//! The first phase of a tick: wake what is about to be touched, then find
//! every contact of every awake body, in a fixed order.
//!
//! A body's contacts reach as far ahead as it can move this tick
//! (speculative contacts): a fast body meets a wall before it gets there,
//! not inside it. Pairs of bodies are found through the body grid in
//! index order, so the order of the constraints depends only on body
//! indices:
//! pairs of bodies first (one-point contacts between awake bodies, then
//! two-point ones, then the same with sleeping bodies, each in index
//! order), then each body's door leaves, the walker, and last its walls
//! and obstacles, so that they have the last word.

use glam::Vec2;

use super::body::LooseBody;
use super::broad_phase::{Bounds, Neighbours};
use super::contact::{Contact, Mixed, Partner, SPECULATIVE_DISTANCE, Softness};
use super::fixed::FixedScene;
use super::input::{DoorMotion, StepInput, WalkerCircle};
use super::manifold::{BOX_SKIP_SLACK, Manifold, Rounded, collide};
use super::sleep::Sleep;
use super::surroundings::Surroundings;

/// Contacts stiffness in hertz (Box2D's `contactHertz`), for sub-steps
/// fast enough; slower sub-steps take a quarter of their rate.
const CONTACT_HERTZ: f32 = 30.0;

/// Contacts' damping ratio (Box2D's `contactDampingRatio`).
const CONTACT_DAMPING_RATIO: f32 = 10.0;

/// How far (m) body `body` may move in `seconds` at its present speed,
/// its farthest corner included.
pub(super) fn reach_ahead(body: &LooseBody, seconds: f32) -> f32 {
    (body.linear_velocity.length() + body.angular_velocity.abs() * body.reach()) * seconds
}

/// The working lists of a tick, kept between ticks so that a tick
/// allocates nothing once they have grown.
#[derive(Debug, Clone, Default)]
pub(super) struct Gathered {
    /// The contacts, in solving order.
    pub contacts: Vec<Contact>,
    /// Ids found by a grid query.
    pub found: Vec<u32>,
    /// Each awake body's reach ahead this tick, by body index.
    pub ahead: Vec<f32>,
    /// The pairs of bodies that may touch this tick, in order.
    pairs: Vec<(u32, u32)>,
    /// The manifolds between the pairs of bodies, in the pairs' order.
    manifolds: Vec<(u32, u32, Manifold)>,
}

/// The softness of contacts between bodies and of contacts with what does
/// not move (twice as stiff, so that bodies are not pushed into walls),
/// for sub-steps of `substep` seconds.
pub(super) fn softnesses(substep: f32) -> (Softness, Softness) {
    let hertz = CONTACT_HERTZ.min(0.25 / substep);
    (
        Softness::new(hertz, CONTACT_DAMPING_RATIO, substep),
        Softness::new(2.0 * hertz, CONTACT_DAMPING_RATIO, substep),
    )
}

impl Gathered {
    /// Wakes what the walker, moving doors and moving bodies come near, then
    /// gathers every awake body's contacts.
    pub fn gather(
        &mut self,
        bodies: &[LooseBody],
        surroundings: Surroundings,
        sleep: &mut Sleep,
        input: &StepInput,
        seconds: f32,
        substep: f32,
    ) {
        let Surroundings { fixed, neighbours } = surroundings;
        self.wake_near_movers(bodies, neighbours, sleep, input, seconds);
        self.ahead.resize(bodies.len(), 0.0);
        self.hold_pairs(bodies, (neighbours, fixed), sleep, seconds);
        let (between_bodies, against_fixed) = softnesses(substep);
        self.contacts.clear();
        self.body_contacts(bodies, (&*neighbours, sleep), between_bodies, against_fixed);
        for &body in sleep.awake() {
            let material = bodies[body as usize].material();
            let against = Mixed {
                friction: material.friction,
                restitution: material.bounce,
                softness: against_fixed,
            };
            let margin = SPECULATIVE_DISTANCE + self.ahead[body as usize];
            self.door_contacts(body, bodies, input.doors, (margin, seconds), against);
            if let Some(walker) = input.walker {
                self.walker_contact(body, bodies, walker, (margin, substep), against);
            }
            self.fixed_contacts(body, bodies, (fixed, neighbours), margin, against);
        }
    }

    /// Contacts between pairs of bodies (an awake one and one awake or
    /// asleep), within reach of what each can move this tick. A sleeping
    /// partner holds like a fixed shape, stiffer.
    ///
    /// The candidate pairs are every awake body with its neighbours, each
    /// pair once (each awake body with the awake neighbours after it and
    /// the sleeping ones): ascending, as the awake list and the neighbour
    /// lists are.
    fn body_contacts(
        &mut self,
        bodies: &[LooseBody],
        (neighbours, sleep): (&Neighbours, &Sleep),
        between_bodies: Softness,
        against_fixed: Softness,
    ) {
        self.near_pairs(bodies, sleep, neighbours);
        self.manifolds.clear();
        for &(body, other) in &self.pairs {
            let (a, b) = (&bodies[body as usize], &bodies[other as usize]);
            let margin = self.pair_margin(body, other, sleep.is_awake(other));
            if let Some(manifold) = collide(a.rounded(), b.rounded(), margin) {
                self.manifolds.push((body, other, manifold));
            }
        }
        // One-point contacts between awake bodies first, then two-point
        // ones, then the same with sleeping bodies: each kind's passes run
        // together.
        for kind in [(true, 1), (true, 2), (false, 1), (false, 2)] {
            for &(body, other, ref manifold) in &self.manifolds {
                let awake = sleep.is_awake(other);
                if (awake, manifold.count) != kind {
                    continue;
                }
                let partner = if awake {
                    Partner::Body(other)
                } else {
                    Partner::Sleeping(other)
                };
                let (ma, mb) = (
                    bodies[body as usize].material(),
                    bodies[other as usize].material(),
                );
                let mixed = Mixed {
                    friction: (ma.friction * mb.friction).sqrt(),
                    restitution: ma.bounce.max(mb.bounce),
                    softness: if awake { between_bodies } else { against_fixed },
                };
                self.contacts
                    .push(Contact::new(body, partner, manifold, mixed, bodies, |_| {
                        Vec2::ZERO
                    }));
            }
        }
    }

    /// How near (m) bodies `body` and `other` (`awake` or not) must come
    /// to be given a contact: within reach of what both may move this
    /// tick.
    #[inline(always)]
    fn pair_margin(&self, body: u32, other: u32, awake: bool) -> f32 {
        let other_ahead = if awake {
            self.ahead[other as usize]
        } else {
            0.0
        };
        SPECULATIVE_DISTANCE + self.ahead[body as usize] + other_ahead
    }

    /// The candidate pairs that may touch this tick, into `pairs`, in
    /// order: every awake body with the awake neighbours after it and the
    /// sleeping ones, kept when their boxes (grown by the pair's margin)
    /// overlap and their centres are within reach. Pairs whose boxes are
    /// apart by more than a manifold's margin have no manifold, so this
    /// drops none that has one.
    ///
    /// Most candidates are dropped, and which is unforeseeable: each is
    /// tested whole and written at the end of the list, kept by counting
    /// it, rather than branched on.
    fn near_pairs(&mut self, bodies: &[LooseBody], sleep: &Sleep, neighbours: &Neighbours) {
        let mut kept = 0;
        for &body in sleep.awake() {
            let list = neighbours.of(body);
            if self.pairs.len() < kept + list.len() {
                self.pairs.resize(kept + list.len(), (0, 0));
            }
            let a = &bodies[body as usize];
            let a_box = a.world_bounds();
            for &other in list {
                let b = &bodies[other as usize];
                let awake = sleep.is_awake(other);
                let margin = self.pair_margin(body, other, awake);
                let once = (other > body) | !awake;
                let boxes_meet = a_box
                    .grown(margin + BOX_SKIP_SLACK)
                    .overlaps_all(&b.world_bounds());
                let within = a.position.distance(b.position) <= a.reach() + b.reach() + margin;
                self.pairs[kept] = (body, other);
                kept += usize::from(once & boxes_meet & within);
            }
        }
        self.pairs.truncate(kept);
    }

    /// Body `body`'s contacts with the door leaves whose sweep comes within
    /// `margin` of it, reaching as far as each leaf moves in the tick of
    /// `seconds`; the leaf's material moves with it.
    fn door_contacts(
        &mut self,
        body: u32,
        bodies: &[LooseBody],
        doors: &[DoorMotion],
        (margin, seconds): (f32, f32),
        against: Mixed,
    ) {
        let a = &bodies[body as usize];
        let bounds = Bounds::around(a.position, a.reach() + margin);
        for (door_index, door) in (0..).zip(doors) {
            if !door.swept_bounds().overlaps(&bounds) {
                continue;
            }
            let door_margin = margin + door.reach_ahead(seconds);
            if let Some(manifold) = collide(a.rounded(), door.before(), door_margin) {
                self.contacts.push(Contact::new(
                    body,
                    Partner::Door(door_index),
                    &manifold,
                    against,
                    bodies,
                    |point| door.velocity_at(point),
                ));
            }
        }
    }

    /// Body `body`'s contact with the walker's circle: frictionless, no
    /// bounce, pushing with at most the walker's force over a sub-step of
    /// `substep` seconds.
    fn walker_contact(
        &mut self,
        body: u32,
        bodies: &[LooseBody],
        walker: WalkerCircle,
        (margin, substep): (f32, f32),
        against: Mixed,
    ) {
        let centre = [walker.position];
        let circle = Rounded {
            points: &centre,
            normals: &[],
            radius: walker.radius,
        };
        if let Some(manifold) = collide(bodies[body as usize].rounded(), circle, margin) {
            let partner = Partner::Walker {
                push_velocity: walker.push_velocity,
                max_push: walker.push_force.max(0.0) * substep,
            };
            self.contacts.push(Contact::new(
                body,
                partner,
                &manifold,
                Mixed {
                    friction: 0.0,
                    restitution: 0.0,
                    ..against
                },
                bodies,
                |_| Vec2::ZERO,
            ));
        }
    }

    /// Body `body`'s contacts with the walls and fixed obstacles within
    /// `margin` of it (all near its fat box).
    fn fixed_contacts(
        &mut self,
        body: u32,
        bodies: &[LooseBody],
        (fixed, neighbours): (&FixedScene, &Neighbours),
        margin: f32,
        against: Mixed,
    ) {
        let a = &bodies[body as usize];
        let bounds = Bounds::around(a.position, a.reach() + margin);
        fixed.near_among(neighbours.fixed_of(body), bounds, &mut self.found);
        for &id in &self.found {
            if let Some(manifold) = collide(a.rounded(), fixed.shape(id).rounded(), margin) {
                self.contacts.push(Contact::new(
                    body,
                    Partner::Fixed(id),
                    &manifold,
                    against,
                    bodies,
                    |_| Vec2::ZERO,
                ));
            }
        }
    }

    /// Wakes the sleeping bodies near the pushing walker and moving door
    /// leaves.
    fn wake_near_movers(
        &mut self,
        bodies: &[LooseBody],
        neighbours: &Neighbours,
        sleep: &mut Sleep,
        input: &StepInput,
        seconds: f32,
    ) {
        if let Some(walker) = input.walker
            && walker.push_velocity != Vec2::ZERO
        {
            let reach = walker.radius + walker.push_velocity.length() * seconds;
            let bounds = Bounds::around(walker.position, reach + SPECULATIVE_DISTANCE);
            sleep.wake_near(bodies, neighbours, bounds, &mut self.found);
        }
        for door in input.doors.iter().filter(|door| door.is_moving()) {
            let bounds = door.swept_bounds().grown(SPECULATIVE_DISTANCE);
            sleep.wake_near(bodies, neighbours, bounds, &mut self.found);
        }
    }

    /// Makes every awake body's neighbours hold the bodies its reach ahead
    /// may meet. A moving body first wakes the sleeping bodies it may meet,
    /// and they are held in turn.
    ///
    /// Each awake body's fat box is made to hold its reach ahead (grown by
    /// [`SPECULATIVE_DISTANCE`] and twice what it may move), so that every
    /// body it may meet or wake is among its neighbours: the pairs then
    /// come out of the neighbour lists in order (see `body_contacts`),
    /// with nothing to sort or look up. It leaves the awake list
    /// ascending, whatever order bodies woke in.
    fn hold_pairs(
        &mut self,
        bodies: &[LooseBody],
        (neighbours, fixed): (&mut Neighbours, &FixedScene),
        sleep: &mut Sleep,
        seconds: f32,
    ) {
        let awake_before = sleep.awake().len();
        let before = &sleep.awake()[..awake_before];
        self.hold_reach_ahead(bodies, (neighbours, fixed), before, seconds);
        if awake_before < bodies.len() {
            for at in 0..awake_before {
                let body = sleep.awake()[at];
                let ahead = self.ahead[body as usize];
                if ahead > 0.0 {
                    let bounds = reach_box(&bodies[body as usize], ahead);
                    sleep.wake_among(bodies, neighbours.of(body), bounds);
                }
            }
            let woken = &sleep.awake()[awake_before..];
            self.hold_reach_ahead(bodies, (neighbours, fixed), woken, seconds);
        }
        sleep.sort();
    }

    /// Each of `awake`'s reach ahead this tick, and its fat box made to
    /// hold its reach box.
    fn hold_reach_ahead(
        &mut self,
        bodies: &[LooseBody],
        (neighbours, fixed): (&mut Neighbours, &FixedScene),
        awake: &[u32],
        seconds: f32,
    ) {
        for &body in awake {
            let b = &bodies[body as usize];
            let ahead = reach_ahead(b, seconds);
            self.ahead[body as usize] = ahead;
            let held = reach_box(b, ahead);
            neighbours.hold(
                body,
                held,
                b.linear_velocity,
                &mut self.found,
                fixed.near_query(),
            );
        }
    }
}

/// The box a body moving `ahead` metres this tick may meet another body
/// in (or wake it): its reach, grown by [`SPECULATIVE_DISTANCE`] and twice
/// `ahead`, so that a pair within reach of what both may move lies in the
/// box of the one that moves more.
pub(super) fn reach_box(body: &LooseBody, ahead: f32) -> Bounds {
    Bounds::around(
        body.position,
        body.reach() + SPECULATIVE_DISTANCE + 2.0 * ahead,
    )
}

/// The box `body` may be met within where it stands: its reach, grown by
/// [`SPECULATIVE_DISTANCE`]. Its fat box holds this box between ticks and
/// wherever the guard moves it.
pub(super) fn standing_box(body: &LooseBody) -> Bounds {
    Bounds::around(body.position, body.reach() + SPECULATIVE_DISTANCE)
}
