//! The walker among loose bodies, through the real walker tick on the
//! warehouse level: pushing, a body too heavy to push, kicking, edit mode
//! putting bodies back, and a recorded demo with bodies replayed bit for bit.

use std::path::Path;
use std::sync::Arc;

use glam::{DVec2, Vec2};
use mazewalker::collision::Collider;
use mazewalker::demo::{DemoHeader, DemoReader, DemoRecorder, Played, play};
use mazewalker::level::{Level, LevelChoice};
use mazewalker::simulation::{Bodies, Simulation};
use mazewalker::walker::{MoveIntent, Pose, TickInput, Toggles};

/// The warehouse's shelf, too heavy to push: loose body 0.
const SHELF: usize = 0;
/// A 1 kg ball at (2.5, 3.0): loose body 1.
const BALL: usize = 1;

fn warehouse() -> Level {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/levels/warehouse.toml");
    Level::load(&path).expect("the warehouse loads").level
}

/// The collider the walker moves through: no loose obstacles.
fn walking_collider(level: &Level) -> Arc<Collider> {
    level.walking_collider(&Arc::new(level.collider()))
}

/// A walker on `level` standing at `at`, looking along `yaw_degrees`.
fn walker_at(level: &Level, at: Vec2, yaw_degrees: f32) -> Simulation {
    let mut simulation = Simulation::at_spawn(level);
    simulation.walker.place(Pose {
        position: at,
        yaw: yaw_degrees.to_radians(),
        pitch: 0.0,
    });
    simulation
}

fn forward() -> TickInput {
    TickInput {
        held: MoveIntent {
            forward: 1.0,
            ..MoveIntent::default()
        },
        mouse: DVec2::ZERO,
        toggles: Toggles::default(),
    }
}

fn pressing(toggles: Toggles) -> TickInput {
    TickInput {
        toggles,
        ..TickInput::default()
    }
}

/// The distance from `point` to body `index`'s outline (negative inside).
fn distance_to_body(simulation: &Simulation, index: usize, point: Vec2) -> f32 {
    let outline = simulation.bodies().live().bodies()[index].world_outline();
    let inside = (0..outline.len()).all(|i| {
        let (a, b) = (outline[i], outline[(i + 1) % outline.len()]);
        (b - a).perp_dot(point - a) >= 0.0
    });
    let nearest = (0..outline.len())
        .map(|i| {
            let (a, b) = (outline[i], outline[(i + 1) % outline.len()]);
            let t = ((point - a).dot(b - a) / (b - a).length_squared()).clamp(0.0, 1.0);
            point.distance(a + (b - a) * t)
        })
        .fold(f32::INFINITY, f32::min);
    if inside { -nearest } else { nearest }
}

#[test]
fn walking_into_a_ball_pushes_it_ahead_never_faster_than_the_walk_allows() {
    let level = warehouse();
    let collider = walking_collider(&level);
    let mut simulation = walker_at(&level, Vec2::new(2.5, 4.4), -90.0);
    let radius = level.player.radius;
    let ball_start = simulation.bodies().live().bodies()[BALL].position();
    let bounce = level
        .loose_obstacles()
        .nth(BALL)
        .map(|(_, ball)| ball.bounce)
        .expect("the ball");
    let fastest = simulation.walker.settings.walk_speed * (1.0 + bounce);
    let mut pushed_for = 0;
    for _ in 0..90 {
        simulation.step(&forward(), &collider);
        let ball = &simulation.bodies().live().bodies()[BALL];
        assert!(
            ball.linear_velocity().length() <= fastest * 1.01,
            "the ball was launched at {} m/s",
            ball.linear_velocity().length()
        );
        let gap = distance_to_body(&simulation, BALL, simulation.walker.position());
        assert!(gap >= radius - 0.01, "the walker is {gap} m from the ball");
        if ball.position() != ball_start {
            pushed_for += 1;
        }
    }
    let ball = simulation.bodies().live().bodies()[BALL].position();
    assert!(
        ball.y < ball_start.y - 1.0,
        "pushed north from {ball_start} to {ball}"
    );
    assert!((ball.x - ball_start.x).abs() < 0.05, "straight on: {ball}");
    assert!(pushed_for > 30, "moved for {pushed_for} ticks");
}

#[test]
fn a_body_too_heavy_to_push_stays_put_and_stops_the_walker_at_its_radius() {
    let level = warehouse();
    let collider = walking_collider(&level);
    let mut simulation = walker_at(&level, Vec2::new(9.5, 2.0), -90.0);
    let shelf = simulation.bodies().live().bodies()[SHELF].clone();
    for _ in 0..240 {
        simulation.step(&forward(), &collider);
    }
    let after = &simulation.bodies().live().bodies()[SHELF];
    assert_eq!(
        (after.position(), after.angle()),
        (shelf.position(), shelf.angle()),
        "the shelf moved"
    );
    let gap = distance_to_body(&simulation, SHELF, simulation.walker.position());
    let radius = level.player.radius;
    assert!(
        (radius - 0.01..=radius + 0.02).contains(&gap),
        "the walker stopped {gap} m from the shelf"
    );
}

#[test]
fn use_kicks_the_ball_in_the_crosshair_along_the_view() {
    let level = warehouse();
    let collider = walking_collider(&level);
    let mut simulation = walker_at(&level, Vec2::new(2.5, 4.2), -90.0);
    simulation.step(
        &pressing(Toggles {
            use_door: true,
            ..Toggles::default()
        }),
        &collider,
    );
    let ball = &simulation.bodies().live().bodies()[BALL];
    let velocity = ball.linear_velocity();
    assert!(velocity.y < -20.0, "kicked north: {velocity}");
    assert!(velocity.x.abs() < 0.5, "along the view: {velocity}");
    // Looking away, the same press kicks nothing.
    let mut away = walker_at(&level, Vec2::new(2.5, 4.2), 90.0);
    away.step(
        &pressing(Toggles {
            use_door: true,
            ..Toggles::default()
        }),
        &collider,
    );
    assert_eq!(
        away.bodies().live().bodies()[BALL].linear_velocity(),
        Vec2::ZERO
    );
}

#[test]
fn edit_mode_puts_the_bodies_back_where_the_file_places_them_and_ghosts_push_nothing() {
    let level = warehouse();
    let collider = walking_collider(&level);
    let mut simulation = walker_at(&level, Vec2::new(2.5, 4.4), -90.0);
    for _ in 0..60 {
        simulation.step(&forward(), &collider);
    }
    let placed = Bodies::new(&level);
    assert_ne!(
        simulation.bodies().state_hash(),
        placed.state_hash(),
        "pushed"
    );
    let edit = pressing(Toggles {
        edit: true,
        ..Toggles::default()
    });
    simulation.step(&edit, &collider);
    assert_eq!(
        simulation.bodies().state_hash(),
        placed.state_hash(),
        "put back"
    );
    // In edit mode the walker passes through the ball and moves nothing.
    let mut editing = walker_at(&level, Vec2::new(2.5, 4.4), -90.0);
    editing.step(&edit, &collider);
    for _ in 0..120 {
        editing.step(&forward(), &collider);
    }
    assert!(editing.walker.position().y < 2.5, "through the ball");
    assert_eq!(editing.bodies().state_hash(), placed.state_hash());
}

#[test]
fn a_demo_with_pushes_and_kicks_replays_bit_for_bit_and_checks_the_bodies() {
    let level = warehouse();
    let collider = walking_collider(&level);
    let mut simulation = walker_at(&level, Vec2::new(2.5, 4.4), -90.0);
    let header = DemoHeader::for_recording(LevelChoice::DefaultHouse, &level, &simulation.walker);
    let mut recorder = DemoRecorder::new(Vec::new(), &header).expect("header written");
    let kick = pressing(Toggles {
        use_door: true,
        ..Toggles::default()
    });
    let inputs = std::iter::repeat_n(forward(), 100)
        .chain([kick])
        .chain(std::iter::repeat_n(TickInput::default(), 200));
    for input in inputs {
        simulation.step(&input, &collider);
        recorder.record(&input, &simulation).expect("tick written");
    }
    let recorded_bodies = simulation.bodies().state_hash();
    let demo = recorder.finish(&simulation).expect("finished");
    let text = String::from_utf8(demo.clone()).expect("UTF-8");
    let last_check = text
        .lines()
        .rfind(|line| line.starts_with("check "))
        .expect("a check line");
    assert!(
        last_check.ends_with(&format!(" {recorded_bodies:016x}")),
        "{last_check}"
    );

    let (mut reader, header) = DemoReader::new(&demo[..]).expect("header");
    let mut replayed = header.simulation(&level);
    let played = play(&mut reader, &mut replayed, &collider, |_, _| {
        Ok::<(), mazewalker::demo::DemoError>(())
    })
    .expect("valid demo");
    assert!(
        matches!(played, Played::Finished { ticks: 301, .. }),
        "{played:?}"
    );
    assert_eq!(replayed.bodies().state_hash(), recorded_bodies);

    // A body out of step while the eye is in step is a desync.
    let tampered = text.replace(
        &format!(" {recorded_bodies:016x}\n"),
        &format!(" {:016x}\n", recorded_bodies ^ 1),
    );
    let (mut reader, header) = DemoReader::new(tampered.as_bytes()).expect("header");
    let mut replayed = header.simulation(&level);
    let played = play(&mut reader, &mut replayed, &collider, |_, _| {
        Ok::<(), mazewalker::demo::DemoError>(())
    })
    .expect("valid demo");
    let Played::Desync(desync) = played else {
        panic!("expected a desync: {played:?}");
    };
    assert!(desync.to_string().contains("; bodies recorded"), "{desync}");
}

/// A door whose opening leaf knocks a crate into a corner and would
/// squeeze it there (described in the file).
const DOOR_AND_CRATE: &str = include_str!("../levels/door-and-crate.toml");

#[test]
fn a_door_that_would_squeeze_a_crate_gives_way_and_never_ends_a_tick_in_it() {
    use mazewalker::collision::{ConvexPolygon, polygon_polygon_mtv};
    use mazewalker::doors::Motion;

    let level = Level::from_toml_str(DOOR_AND_CRATE, Path::new("door.toml"))
        .expect("valid")
        .level;
    let collider = walking_collider(&level);
    let mut simulation = Simulation::at_spawn(&level);
    let mut used = pressing(Toggles {
        use_door: true,
        ..Toggles::default()
    });
    // Press use beside the door, then stand and watch.
    let mut gave_way = 0;
    for tick in 0..600 {
        let before = simulation.doors().states()[0];
        simulation.step(&used, &collider);
        used = TickInput::default();
        let after = simulation.doors().states()[0];
        let held_back = after.motion == Motion::Opening && after.opening == before.opening;
        if held_back && tick > 0 {
            gave_way += 1;
        }
        let crate_outline = simulation.bodies().live().bodies()[0]
            .world_outline()
            .to_vec();
        let crate_polygon = ConvexPolygon::new(crate_outline).expect("a box");
        let leaf = simulation.doors().leaves().leaves()[0]
            .polygon()
            .expect("a leaf");
        let depth = polygon_polygon_mtv(&crate_polygon, &leaf).map_or(0.0, |mtv| mtv.length());
        assert!(
            depth < 0.01,
            "tick {tick}: the crate is {depth} m in the leaf"
        );
        let centre = simulation.bodies().live().bodies()[0].position();
        assert!(
            (1.8..2.9).contains(&centre.x) && centre.y > -0.3,
            "tick {tick}: through a wall: {centre}"
        );
    }
    assert!(gave_way > 0, "the door never gave way to the crate");
}

/// One stretch of random input: keys held for some ticks, a mouse turn
/// and maybe a use press on its first tick.
#[derive(Debug, Clone)]
struct Stretch {
    forward: f32,
    right: f32,
    run: bool,
    turn_counts: f64,
    use_key: bool,
    ticks: u32,
}

fn stretch() -> impl proptest::strategy::Strategy<Value = Stretch> {
    use proptest::prelude::*;
    (
        prop_oneof![Just(1.0f32), Just(0.0), Just(-1.0), -1.0f32..1.0],
        prop_oneof![Just(0.0f32), -1.0f32..1.0],
        any::<bool>(),
        -600.0f64..600.0,
        proptest::bool::weighted(0.3),
        1u32..90,
    )
        .prop_map(
            |(forward, right, run, turn_counts, use_key, ticks)| Stretch {
                forward,
                right,
                run,
                turn_counts,
                use_key,
                ticks,
            },
        )
}

proptest::proptest! {
    #![proptest_config(crate::property_cases::property_config(4))]

    /// The real walker's tick on the warehouse, under random walks, turns,
    /// pushes, kicks and door presses: after every tick no body is deeper
    /// than 1 cm in a wall's body, an obstacle, a door leaf or another
    /// body, no body's centre crossed a wall's centre line, and the walker
    /// is in no wall and no deeper than 1 cm in any body.
    #[test]
    fn random_walks_among_the_warehouse_bodies_never_sink_anything(
        start in 0usize..4,
        stretches in proptest::collection::vec(stretch(), 4..12),
    ) {
        let level = warehouse();
        let collider = walking_collider(&level);
        let starts = [(2.0, 9.7, 0.0), (12.0, 9.7, 90.0), (20.0, 2.0, 180.0), (22.0, 18.5, -90.0)];
        let (x, z, yaw) = starts[start];
        let mut simulation = walker_at(&level, Vec2::new(x, z), yaw);
        let walls: Vec<mazewalker::collision::Wall> = level
            .walls
            .iter()
            .map(|wall| mazewalker::collision::Wall { a: wall.a, b: wall.b, radius: wall.thickness / 2.0 })
            .collect();
        let fixed: Vec<_> = level
            .obstacles
            .iter()
            .filter(|obstacle| !obstacle.loose)
            .map(|obstacle| obstacle.polygon.clone())
            .collect();
        let radius = level.player.radius;
        let mut tick = 0;
        for stretch in &stretches {
            for index in 0..stretch.ticks {
                let first = index == 0;
                let input = TickInput {
                    held: MoveIntent {
                        forward: stretch.forward,
                        right: stretch.right,
                        run: stretch.run,
                        ..MoveIntent::default()
                    },
                    mouse: if first { DVec2::new(stretch.turn_counts, 0.0) } else { DVec2::ZERO },
                    toggles: Toggles { use_door: first && stretch.use_key, ..Toggles::default() },
                };
                let before: Vec<Vec2> = simulation.bodies().live().bodies().iter().map(|b| b.position()).collect();
                simulation.step(&input, &collider);
                tick += 1;
                let bodies = simulation.bodies().live();
                let (depth, what) = crate::scene::deepest(bodies, &walls, &fixed, simulation.doors().leaves().leaves());
                proptest::prop_assert!(depth < 0.01, "tick {}: {} is {} m deep", tick, what, depth);
                for (index, body) in bodies.bodies().iter().enumerate() {
                    for wall in &walls {
                        proptest::prop_assert!(
                            !crate::scene::crosses(before[index], body.position(), wall),
                            "tick {}: body {} crossed a wall's centre line", tick, index
                        );
                    }
                    let gap = distance_to_body(&simulation, index, simulation.walker.position());
                    proptest::prop_assert!(gap > radius - 0.01, "tick {}: the walker is {} m from body {}", tick, gap, index);
                }
                proptest::prop_assert!(
                    collider.deepest_penetration(simulation.walker.position()).is_none(),
                    "tick {}: the walker is in a wall at {}", tick, simulation.walker.position()
                );
            }
        }
    }
}
