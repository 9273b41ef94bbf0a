//! Doors: scenarios of a walker meeting closed, opening and closing doors,
//! and a property test over random levels, doors, door commands and moves.
//! Everything here runs the same code as the walker's tick: the use press,
//! the doors advancing (pushing the eye), then the eye's move among the
//! leaves.

use crate::common;

use crate::collision_support;

use std::path::Path;

use common::property_cases::property_config;
use glam::Vec2;
use mazewalker::collision::{Collider, ConvexPolygon, Leaf, MoveOptions, MoveOutcome, Wall};
use mazewalker::doors::{Doors, Motion, OVERLAP_TOLERANCE};
use mazewalker::level::{Door, DoorKind, DoorOpens, Level, MaterialId};
use mazewalker::tick::TICK_RATE;
use proptest::prelude::*;

use collision_support::{polygon, segment_distance, wall};

/// The body radius of every scenario.
const RADIUS: f32 = 0.25;

/// A world of walls, obstacles and doors, with the eye in it.
struct World {
    collider: Collider,
    doors: Doors,
    eye: Vec2,
    /// Every leg of the eye's path during the last tick.
    legs: Vec<(Vec2, Vec2)>,
    /// A leaf found overlapping the eye after the doors moved, before the
    /// eye's own move (whose push-out would hide it).
    overlap_after_doors: Option<String>,
}

/// The legs of a move that started at `from`: to each contact, then to the
/// end.
fn legs_of(from: Vec2, outcome: &MoveOutcome) -> Vec<(Vec2, Vec2)> {
    let mut points = vec![from];
    points.extend(outcome.contacts().iter().map(|contact| contact.position));
    points.push(outcome.position);
    points.windows(2).map(|pair| (pair[0], pair[1])).collect()
}

impl World {
    fn new(walls: Vec<Wall>, obstacles: Vec<ConvexPolygon>, doors: &[Door], eye: Vec2) -> Self {
        Self {
            collider: Collider::new(walls, obstacles, RADIUS),
            doors: Doors::new(doors),
            eye,
            legs: Vec::new(),
            overlap_after_doors: None,
        }
    }

    /// One tick: use (facing `facing`) if asked, the doors, then the move.
    fn tick(&mut self, use_facing: Option<Vec2>, delta: Vec2) {
        self.legs.clear();
        if let Some(facing) = use_facing {
            self.doors.press_use(self.eye, facing, &self.collider);
        }
        let legs = &mut self.legs;
        self.eye = self
            .doors
            .advance_watched(self.eye, &self.collider, true, |from, outcome| {
                legs.extend(legs_of(from, outcome));
            });
        self.overlap_after_doors = self.leaf_overlap().err();
        let outcome = self
            .doors
            .move_eye(&self.collider, self.eye, delta, &MoveOptions::default())
            .expect("finite moves");
        self.legs.extend(legs_of(self.eye, &outcome));
        self.eye = outcome.position;
    }

    fn wait(&mut self, ticks: u32) {
        for _ in 0..ticks {
            self.tick(None, Vec2::ZERO);
        }
    }

    fn leaf(&self, index: usize) -> Leaf {
        self.doors.leaves().leaves()[index]
    }

    /// The eye's clearance to the leaf of door `index`, less the radius.
    fn gap_to_leaf(&self, index: usize) -> f32 {
        self.leaf(index).signed_distance(self.eye) - RADIUS
    }

    /// An error naming a leaf that overlaps the eye.
    fn leaf_overlap(&self) -> Result<(), String> {
        for (index, leaf) in self.doors.leaves().leaves().iter().enumerate() {
            let clearance = leaf.signed_distance(self.eye);
            if clearance < RADIUS - 1e-4 {
                return Err(format!(
                    "door {index}'s leaf is {clearance} from the eye {}",
                    self.eye
                ));
            }
        }
        Ok(())
    }

    /// Every invariant of a tick: clearance to walls at the end and along
    /// every leg, no leaf overlapping the eye, no obstacle either.
    fn check(&self) -> Result<(), String> {
        for wall in self.collider.walls() {
            let clearance = mazewalker::collision::distance_to_segment(self.eye, wall.a, wall.b);
            if clearance < wall.radius - 1e-4 {
                return Err(format!("eye {} is {clearance} from {wall:?}", self.eye));
            }
            for &(from, to) in &self.legs {
                let clearance = segment_distance(from, to, wall.a, wall.b);
                if clearance < wall.radius - 1e-4 {
                    return Err(format!("leg {from} → {to} comes {clearance} from {wall:?}"));
                }
            }
        }
        if let Some(problem) = &self.overlap_after_doors {
            return Err(format!("after the doors moved: {problem}"));
        }
        self.leaf_overlap()?;
        for obstacle in self.collider.obstacles() {
            let clearance = obstacle.signed_distance(self.eye);
            if clearance < RADIUS - 1e-4 {
                return Err(format!(
                    "an obstacle is {clearance} from the eye {}",
                    self.eye
                ));
            }
        }
        Ok(())
    }
}

/// A wall with the maze's radius.
fn wall_between(a: (f32, f32), b: (f32, f32)) -> Wall {
    Wall {
        a: Vec2::new(a.0, a.1),
        b: Vec2::new(b.0, b.1),
        radius: 0.3,
    }
}

/// A corridor along +x, 4 m wide (z in -2..2), from x = -5 to 10, with a
/// wall across it at x = 3 that leaves a doorway from z = -0.45 to 0.45
/// (the jambs' radius, 0.3, on top of the 0.9 m door).
fn corridor_with_doorway() -> Vec<Wall> {
    vec![
        wall_between((-5.0, -2.0), (10.0, -2.0)),
        wall_between((-5.0, 2.0), (10.0, 2.0)),
        wall_between((3.0, -2.0), (3.0, -0.45)),
        wall_between((3.0, 0.45), (3.0, 2.0)),
    ]
}

/// The door across the doorway at x = 3, hinged (or pocketed) at z = -0.45.
fn doorway_door(kind: DoorKind) -> Door {
    let mut door = Door::with_defaults(Vec2::new(3.0, -0.45), Vec2::new(3.0, 0.45), MaterialId(0));
    door.kind = kind;
    door
}

/// A walker's move for one tick at 3 m/s along `direction`.
fn walk(direction: Vec2) -> Vec2 {
    direction * 3.0 / TICK_RATE as f32
}

#[test]
fn walking_into_a_closed_door_stops_at_its_radius() {
    let mut world = World::new(
        corridor_with_doorway(),
        Vec::new(),
        &[doorway_door(DoorKind::Swing)],
        Vec2::new(0.0, 0.0),
    );
    for _ in 0..3 * TICK_RATE {
        world.tick(None, walk(Vec2::X));
        world.check().expect("invariants");
    }
    // The leaf's face is at x = 2.97; the eye stops its radius before it.
    let stop = 3.0 - 0.03 - RADIUS;
    assert!(
        (world.eye.x - stop).abs() < 1e-3,
        "stopped at {}",
        world.eye
    );
    assert!(world.doors.is_closed(0));
}

#[test]
fn use_then_wait_then_walk_through() {
    let mut world = World::new(
        corridor_with_doorway(),
        Vec::new(),
        &[doorway_door(DoorKind::Swing)],
        Vec2::new(1.5, 0.0),
    );
    world.tick(Some(Vec2::X), Vec2::ZERO);
    assert_eq!(world.doors.states()[0].motion, Motion::Opening);
    world.wait(TICK_RATE);
    assert_eq!(world.doors.states()[0].opening, 1.0);
    for _ in 0..2 * TICK_RATE {
        world.tick(None, walk(Vec2::X));
        world.check().expect("invariants");
    }
    assert!(world.eye.x > 6.0, "walked through to {}", world.eye);
}

#[test]
fn use_picks_the_door_in_the_crosshair_else_the_nearest() {
    let far = doorway_door(DoorKind::Swing);
    let mut near = far;
    near.a = Vec2::new(-1.0, -0.45);
    near.b = Vec2::new(-1.0, 0.45);
    let mut world = World::new(Vec::new(), Vec::new(), &[far, near], Vec2::new(1.5, 0.0));
    // Facing the far door, 1.47 m to the leaf: the crosshair's.
    assert_eq!(
        world.doors.press_use(world.eye, Vec2::X, &world.collider),
        Some(0)
    );
    // Facing away along z: no leaf in the crosshair; the near door is the
    // nearer span.
    world.eye = Vec2::new(0.0, 0.0);
    assert_eq!(
        world.doors.press_use(world.eye, Vec2::Y, &world.collider),
        Some(1)
    );
    // Out of reach of both.
    world.eye = Vec2::new(1.0, 5.0);
    assert_eq!(
        world.doors.press_use(world.eye, Vec2::Y, &world.collider),
        None
    );
}

#[test]
fn standing_in_the_doorway_while_it_closes_reverses_it() {
    let mut door = doorway_door(DoorKind::Slide);
    door.close_after = 1.0;
    let mut world = World::new(
        corridor_with_doorway(),
        Vec::new(),
        &[door],
        Vec2::new(2.0, 0.0),
    );
    world.tick(Some(Vec2::X), Vec2::ZERO);
    world.wait(TICK_RATE);
    assert_eq!(world.doors.states()[0].opening, 1.0);
    // Step into the doorway while it stands open (a third of a second).
    for _ in 0..TICK_RATE / 3 {
        world.tick(None, walk(Vec2::X));
    }
    assert!(
        (world.eye.x - 3.0).abs() < 0.1,
        "in the doorway: {}",
        world.eye
    );
    let mut reversed = false;
    for _ in 0..3 * TICK_RATE {
        let before = world.doors.states()[0].motion;
        world.tick(None, Vec2::ZERO);
        world.check().expect("invariants");
        reversed |= before == Motion::Closing && world.doors.states()[0].motion == Motion::Opening;
    }
    assert!(reversed, "the closing door never reversed");
    assert!(!world.doors.is_closed(0));
}

#[test]
fn a_slide_door_sweeping_the_eye_against_a_jamb_gives_way_and_the_eye_stays_out_of_the_wall() {
    let mut door = doorway_door(DoorKind::Slide);
    door.close_after = 0.2;
    // The eye stands in the doorway against the jamb at b, as close as the
    // jamb allows; the closing leaf comes from the pocket at a.
    let mut world = World::new(
        corridor_with_doorway(),
        Vec::new(),
        &[door],
        Vec2::new(1.5, 0.0),
    );
    world.tick(Some(Vec2::X), Vec2::ZERO);
    world.wait(TICK_RATE);
    world.eye = Vec2::new(3.0, 0.45 - 0.3 - 0.01);
    let start = world.eye;
    for _ in 0..3 * TICK_RATE {
        world.tick(None, Vec2::ZERO);
        world.check().expect("invariants");
    }
    assert!(world.eye.distance(start) < 0.6, "{}", world.eye);
    assert!(!world.doors.is_closed(0));
}

#[test]
fn a_swing_door_opening_into_the_eye_pushes_it_and_never_traps_it() {
    let mut world = World::new(
        corridor_with_doorway(),
        Vec::new(),
        &[doorway_door(DoorKind::Swing)],
        // On the side it opens to (+90°: toward -x), near the free edge.
        Vec2::new(2.6, 0.2),
    );
    let start = world.eye;
    world.tick(Some(Vec2::X), Vec2::ZERO);
    for _ in 0..2 * TICK_RATE {
        world.tick(None, Vec2::ZERO);
        world.check().expect("invariants");
    }
    assert!(
        world.eye.distance(start) > 0.1,
        "pushed from {start} to {}",
        world.eye
    );
    assert_eq!(world.doors.states()[0].opening, 1.0, "it opened fully");
    // And the eye can walk away.
    let pushed_to = world.eye;
    for _ in 0..TICK_RATE {
        world.tick(None, walk(Vec2::new(-1.0, 0.0)));
        world.check().expect("invariants");
    }
    assert!(
        world.eye.x < pushed_to.x - 1.0,
        "walked away to {}",
        world.eye
    );
}

#[test]
fn a_fast_door_never_passes_through_the_eye() {
    let mut door = Door::with_defaults(Vec2::ZERO, Vec2::new(1.0, 0.0), MaterialId(0));
    // 60 m/s at the free edge: about 0.5 m a tick, twice the body.
    door.speed = 60.0;
    door.close_after = 0.0;
    // The eye stands at 45° in the leaf's way, 0.7 m from the hinge.
    let eye = Vec2::from_angle(45f32.to_radians()) * 0.7;
    let mut world = World::new(Vec::new(), Vec::new(), &[door], eye);
    world.tick(Some(-eye), Vec2::ZERO);
    for _ in 0..10 {
        world.tick(None, Vec2::ZERO);
        world.check().expect("invariants");
    }
    assert_eq!(world.doors.states()[0].opening, 1.0);
    // The leaf now lies along +z; the eye went ahead of it, not through.
    let angle = world.eye.y.atan2(world.eye.x).to_degrees();
    assert!(angle > 90.0, "the eye is at {angle}°: {}", world.eye);
    assert!(world.gap_to_leaf(0) >= -OVERLAP_TOLERANCE);
}

#[test]
fn ghost_mode_passes_through_doors_and_they_do_not_push_it() {
    let collider = Collider::new(corridor_with_doorway(), Vec::new(), RADIUS);
    let mut doors = Doors::new(&[doorway_door(DoorKind::Swing)]);
    let eye = Vec2::new(2.6, 0.2);
    doors.press_use(eye, Vec2::X, &collider);
    for _ in 0..TICK_RATE {
        assert_eq!(doors.advance(eye, &collider, false), eye);
    }
    let passed = doors
        .move_eye(
            &collider,
            Vec2::new(2.0, 0.0),
            Vec2::new(2.0, 0.0),
            &MoveOptions::ghost(),
        )
        .expect("finite");
    assert_eq!(passed.position, Vec2::new(4.0, 0.0));
}

/// A rise door filling the doorway at x = 3: a block 0.5 m deep (x from
/// 2.75 to 3.25), rising 2.1 m at Doom's 2 units a tic.
fn rise_door() -> Door {
    let mut door = doorway_door(DoorKind::Rise);
    door.thickness = 0.5;
    door.speed = 2.1875;
    door
}

#[test]
fn a_rise_door_blocks_until_its_bottom_clears_the_head_then_lets_the_walker_under() {
    let mut world = World::new(
        corridor_with_doorway(),
        Vec::new(),
        &[rise_door()],
        Vec2::new(0.0, 0.0),
    );
    for _ in 0..2 * TICK_RATE {
        world.tick(None, walk(Vec2::X));
        world.check().expect("invariants");
    }
    let stop = 2.75 - RADIUS;
    assert!(
        (world.eye.x - stop).abs() < 1e-3,
        "stopped at {}",
        world.eye
    );
    world.tick(Some(Vec2::X), Vec2::ZERO);
    // 1.8 m of the default walker's height at 2.1875 m/s: 99 ticks.
    for _ in 0..97 {
        world.tick(None, walk(Vec2::X));
        world.check().expect("invariants");
    }
    assert!(!world.leaf(0).is_absent(), "absent too early");
    assert!(world.eye.x < stop + 1e-3, "passed under at {}", world.eye);
    for _ in 0..TICK_RATE {
        world.tick(None, walk(Vec2::X));
        world.check().expect("invariants");
    }
    assert!(world.eye.x > 4.0, "still held at {}", world.eye);
}

#[test]
fn a_rise_door_coming_down_onto_the_walker_gives_way_and_rises_again() {
    let mut door = rise_door();
    door.close_after = 1.0;
    let mut world = World::new(
        corridor_with_doorway(),
        Vec::new(),
        &[door],
        Vec2::new(2.4, 0.0),
    );
    world.tick(Some(Vec2::X), Vec2::ZERO);
    // Fully open after 2.1 m at 2.1875 m/s: 116 ticks.
    world.wait(TICK_RATE);
    assert_eq!(world.doors.states()[0].opening, 1.0);
    // Under the door while it stands open, then it closes on the walker.
    for _ in 0..TICK_RATE / 2 {
        world.tick(None, Vec2::new(1.2, 0.0) / TICK_RATE as f32);
    }
    assert!(
        (world.eye.x - 3.0).abs() < 1e-3,
        "not under it: {}",
        world.eye
    );
    let mut gave_way = false;
    for _ in 0..2 * TICK_RATE {
        world.tick(None, Vec2::ZERO);
        world.check().expect("invariants");
        gave_way |= world.doors.gave_way() == [0];
        assert!(world.leaf(0).is_absent(), "came down onto the walker");
    }
    assert!(gave_way, "never gave way");
    assert!((world.eye.x - 3.0).abs() < 1e-3, "pushed to {}", world.eye);
}

#[test]
fn a_rise_door_is_drawn_from_its_risen_bottom_to_its_top_until_it_is_open() {
    let mut world = World::new(
        corridor_with_doorway(),
        Vec::new(),
        &[rise_door()],
        Vec2::new(2.0, 0.0),
    );
    let shape = |world: &World| {
        let shapes = world.doors.shapes_near(1.0, world.eye, 10.0);
        assert!(shapes.len() <= 1, "{shapes:?}");
        shapes.into_iter().next()
    };
    let closed = shape(&world).expect("a closed door is drawn");
    assert_eq!((closed.base, closed.height), (Some(0.0), 2.1));
    assert_eq!(closed.outline, world.leaf(0).corners().to_vec());
    assert_eq!(closed.shadow_height, Some(f32::INFINITY));
    world.tick(Some(Vec2::X), Vec2::ZERO);
    // 100 ticks at 2.1875 m/s: its bottom 1.8229 m up, above the default
    // walker's 1.8 m head, so its leaf is absent; the rest is still drawn.
    world.wait(99);
    assert!(world.leaf(0).is_absent());
    let risen = 2.1875 * 100.0 / TICK_RATE as f32;
    let rising = shape(&world).expect("the part still down is drawn");
    let base = rising.base.expect("a base");
    assert!((base - risen).abs() < 1e-4, "bottom at {base}");
    assert!(
        (rising.height - (2.1 - risen)).abs() < 1e-4,
        "{}",
        rising.height
    );
    assert_eq!(rising.outline, closed.outline);
    assert_eq!(rising.shadow_height, None);
    world.wait(20);
    assert_eq!(world.doors.states()[0].opening, 1.0);
    assert_eq!(shape(&world), None, "an open rise door is not drawn");
}

#[test]
fn a_level_change_keeps_the_state_of_unchanged_doors() {
    let swing = doorway_door(DoorKind::Swing);
    let slide = doorway_door(DoorKind::Slide);
    let collider = Collider::new(Vec::new(), Vec::new(), RADIUS);
    let mut doors = Doors::new(&[swing, slide]);
    doors.press_use(Vec2::new(1.5, 0.0), Vec2::X, &collider);
    for _ in 0..10 {
        doors.advance(Vec2::new(-5.0, 5.0), &collider, true);
    }
    let opening = doors.states()[0].opening;
    assert!(opening > 0.0);
    let mut moved = slide;
    moved.b.y = 0.5;
    let changed = doors.changed_to(&[moved, swing], 1.8);
    assert_eq!(
        changed.states()[1].opening,
        opening,
        "the swing door kept its state"
    );
    assert!(changed.is_closed(0), "a changed door starts closed");
    // Drawn between ticks: the leaf halfway between the last two openings.
    let drawn: Vec<Leaf> = doors.interpolated_leaves(1.0).collect();
    assert_eq!(drawn[0], doors.leaves().leaves()[0]);
}

/// A random door near the eye's start: a span of 0.5–1.5 m, either kind,
/// any swing, slow to very fast (up to a metre a tick), thin to thick,
/// opened by use or nearness; slide, swing or rise.
fn door() -> impl Strategy<Value = Door> {
    (
        (-3.0f32..3.0, -3.0f32..3.0).prop_map(|(x, z)| Vec2::new(x, z)),
        0.5f32..1.5,
        0.0f32..6.3,
        prop::sample::select(DoorKind::WORDS.map(|(_, kind)| kind).to_vec()),
        -170.0f32..170.0,
        (0.3f32..120.0, 0.02f32..0.3, any::<bool>(), 0.0f32..1.0),
    )
        .prop_map(
            |(a, length, angle, kind, swing, (speed, thickness, near, close_after))| {
                let mut door =
                    Door::with_defaults(a, a + Vec2::from_angle(angle) * length, MaterialId(0));
                door.kind = kind;
                door.swing_degrees = swing;
                door.speed = speed;
                door.thickness = thickness;
                door.opens = if near {
                    DoorOpens::Near
                } else {
                    DoorOpens::Use
                };
                door.close_after = close_after;
                door
            },
        )
}

/// One tick's command: a move of up to 8 cm, and maybe a use press.
fn command() -> impl Strategy<Value = (Vec2, Option<Vec2>)> {
    (
        (-0.08f32..0.08, -0.08f32..0.08),
        prop::option::weighted(0.2, (-1.0f32..1.0, -1.0f32..1.0)),
    )
        .prop_map(|((dx, dz), facing)| (Vec2::new(dx, dz), facing.map(|(x, z)| Vec2::new(x, z))))
}

proptest! {
    #![proptest_config(property_config(48))]

    /// After every tick: the eye keeps its clearance from every wall, at
    /// the end and along every leg of its path (pushes and move alike), and
    /// overlaps no leaf and no obstacle.
    #[test]
    fn doors_never_trap_the_eye_nor_push_it_into_or_across_a_wall(
        walls in prop::collection::vec(wall(), 0..6),
        obstacles in prop::collection::vec(polygon(), 0..3),
        doors in prop::collection::vec(door(), 1..5),
        start in (-3.0f32..3.0, -3.0f32..3.0),
        commands in prop::collection::vec(command(), 250),
    ) {
        let start = Vec2::new(start.0, start.1);
        let mut world = World::new(walls, obstacles, &doors, start);
        prop_assume!(world.check().is_ok());
        for (tick, (delta, facing)) in commands.iter().enumerate() {
            // Each command holds for four ticks: doors get time to move.
            for _ in 0..4 {
                world.tick(*facing, *delta);
                if let Err(problem) = world.check() {
                    prop_assert!(false, "tick {tick}: {problem}");
                }
            }
        }
    }
}

#[test]
fn a_level_file_with_doors_gives_the_walker_its_doors_all_closed() {
    let text = "[player]\nstart = [0.0, 0.0]\n\n[[door]]\na = [3.0, -0.45]\nb = [3.0, 0.45]\n";
    let level = Level::from_toml_str(text, Path::new("doors.toml"))
        .expect("valid")
        .level;
    let simulation = mazewalker::simulation::Simulation::at_spawn(&level);
    assert_eq!(simulation.doors().len(), 1);
    assert!(simulation.doors().is_closed(0));
}
