//! Collision benchmarks, side by side in one run: our swept slide move
//! against the same slide loop over parry2d shape casts and over a
//! brute-force scan, on the default house, on mazes of about 300, 4k,
//! 66k and 1M walls and on Freedoom 2's MAP01 (where Debian's `freedoom`
//! is installed); the crosshair's ray query against a brute-force scan
//! on the same scenes; which walls a view sees, and the nearest free point
//! for an eye inside a wall; the eye's move in a 300×300 maze among 1,000
//! doors, moving and standing still; the walker's standing move on the
//! split level with and without its floors; then build times, and one
//! edit on a copy of a shared 1425×1425 maze collider.
//!
//! Run: `cargo bench --bench collision` (about a minute and a half here,
//! after the build; the figures are in `docs/benchmarks.md`).

use std::hint::black_box;
use std::time::Duration;

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use glam::Vec2;
use mazewalker::collision::{
    Collider, DoorLeaves, MoveOptions, ViewWedge, VisibleSet, ray_against_obstacle,
    ray_against_wall, sweep_against_obstacle, sweep_against_wall,
};
use mazewalker::level::Level;
use mazewalker::level::maze::maze_walls;
use parry2d::math::{Pose, Vector};
use parry2d::query::{ShapeCastOptions, cast_shapes};
use parry2d::shape::{Ball, Compound, Polyline, SharedShape};

#[path = "support/scenes.rs"]
mod scenes;
use scenes::{
    DOOR_SNAPSHOTS, DoorsScene, MAZE_BODY_RADIUS, QUERY_COUNT, Rng, Scene, doors_scene, maze_scene,
    scenes,
};

/// The skin of the parry2d and brute-force slide loops: the collider's
/// default.
const SKIN: f32 = 1e-4;
const MAX_SLIDES: usize = 4;

/// The same slide rules as the collider (advance less skin along the
/// normal, Quake's clip planes, stop in corners or when the slid direction
/// opposes the move), over any cast function returning `(t, normal)`.
fn slide(from: Vec2, delta: Vec2, cast: impl Fn(Vec2, Vec2) -> Option<(f32, Vec2)>) -> Vec2 {
    let mut position = from;
    let mut remaining = delta;
    let mut planes: [Vec2; MAX_SLIDES + 1] = [Vec2::ZERO; MAX_SLIDES + 1];
    for bump in 0..=MAX_SLIDES {
        let Some((t, normal)) = cast(position, remaining) else {
            return position + remaining;
        };
        let approach = -remaining.dot(normal);
        let advance = if approach > 0.0 {
            (t - SKIN / approach).max(0.0)
        } else {
            t
        };
        position += remaining * advance;
        let rest = remaining * (1.0 - advance);
        planes[bump] = normal;
        let held = &planes[..=bump];
        let clipped = held.iter().find_map(|&n| {
            let into = rest.dot(n);
            let c = rest - n * into.min(0.0);
            held.iter()
                .all(|&m| c.dot(m) >= -1e-6 * c.length())
                .then_some(c)
        });
        match clipped {
            Some(c) if c.dot(delta) > 0.0 && bump < MAX_SLIDES => remaining = c,
            _ => return position,
        }
    }
    position
}

/// Every wall and every obstacle, one after the other: no broadphase.
fn brute_force_cast(scene: &Scene, start: Vec2, motion: Vec2) -> Option<(f32, Vec2)> {
    let walls = scene
        .walls
        .iter()
        .filter_map(|w| sweep_against_wall(start, motion, w));
    let obstacles = scene
        .obstacles
        .iter()
        .filter_map(|o| sweep_against_obstacle(start, motion, o, scene.body_radius));
    walls
        .chain(obstacles)
        .min_by(|a, b| a.t.total_cmp(&b.t))
        .map(|hit| (hit.t, hit.normal))
}

fn pv(v: Vec2) -> Vector {
    Vector::new(v.x, v.y)
}

/// The scene in parry2d: the walls as one `Polyline` (parry builds its BVH)
/// swept by a ball of the wall radius, the obstacles as one `Compound`
/// (with its own BVH) swept by a ball of the body radius.
struct ParryScene {
    walls: Polyline,
    wall_ball: Ball,
    obstacles: Option<Compound>,
    body_ball: Ball,
}

impl ParryScene {
    fn new(scene: &Scene) -> Self {
        let wall_radius = scene.walls[0].radius;
        assert!(
            scene.walls.iter().all(|w| w.radius == wall_radius),
            "parry's Polyline sweep needs one radius for every wall"
        );
        let vertices = scene
            .walls
            .iter()
            .flat_map(|w| [pv(w.a), pv(w.b)])
            .collect();
        let indices = (0..scene.walls.len() as u32)
            .map(|i| [2 * i, 2 * i + 1])
            .collect();
        let obstacles = (!scene.obstacles.is_empty()).then(|| {
            Compound::new(
                scene
                    .obstacles
                    .iter()
                    .map(|o| {
                        let points = o.points().iter().map(|&p| pv(p)).collect();
                        let shape = SharedShape::convex_polyline(points)
                            .expect("obstacles are convex with a non-zero area");
                        (Pose::identity(), shape)
                    })
                    .collect(),
            )
        });
        Self {
            walls: Polyline::new(vertices, Some(indices)),
            wall_ball: Ball::new(wall_radius),
            obstacles,
            body_ball: Ball::new(scene.body_radius),
        }
    }

    fn cast(&self, start: Vec2, motion: Vec2) -> Option<(f32, Vec2)> {
        let at = Pose::from_translation(pv(start));
        let options = ShapeCastOptions {
            max_time_of_impact: 1.0,
            target_distance: 0.0,
            stop_at_penetration: false,
            compute_impact_geometry_on_penetration: true,
        };
        let cast = |ball: &Ball, shape: &dyn parry2d::shape::Shape| {
            cast_shapes(
                &at,
                pv(motion),
                ball,
                &Pose::identity(),
                Vector::ZERO,
                shape,
                options,
            )
            .ok()
            .flatten()
            .map(|hit| (hit.time_of_impact, Vec2::new(hit.normal2.x, hit.normal2.y)))
        };
        let wall_hit = cast(&self.wall_ball, &self.walls);
        let obstacle_hit = self
            .obstacles
            .as_ref()
            .and_then(|o| cast(&self.body_ball, o));
        match (wall_hit, obstacle_hit) {
            (Some(w), Some(o)) => Some(if o.0 < w.0 { o } else { w }),
            (w, o) => w.or(o),
        }
    }
}

fn bench_moves(c: &mut Criterion) {
    let options = MoveOptions::default();
    for scene in scenes() {
        let collider = Collider::new(
            scene.walls.clone(),
            scene.obstacles.clone(),
            scene.body_radius,
        );
        let touching = scene
            .queries
            .iter()
            .filter(|(from, delta)| {
                collider
                    .move_eye(*from, *delta, &options)
                    .is_ok_and(|o| o.touched())
            })
            .count();
        eprintln!(
            "{}: {} walls, {} obstacles; {touching} of {} queries touch something",
            scene.name,
            scene.walls.len(),
            scene.obstacles.len(),
            scene.queries.len()
        );
        let parry = ParryScene::new(&scene);
        let mut group = c.benchmark_group(format!("move/{}", scene.name));
        group.warm_up_time(Duration::from_millis(500));
        group.measurement_time(Duration::from_secs(2));
        group.sample_size(30);
        let label = format!("{} walls", scene.walls.len());
        let mut i = 0;
        group.bench_function(BenchmarkId::new("ours", &label), |b| {
            b.iter(|| {
                i = (i + 1) % QUERY_COUNT;
                let (from, delta) = scene.queries[i];
                black_box(collider.move_eye(from, delta, &options).map(|o| o.position))
            })
        });
        group.bench_function(BenchmarkId::new("parry2d", &label), |b| {
            b.iter(|| {
                i = (i + 1) % QUERY_COUNT;
                let (from, delta) = scene.queries[i];
                black_box(slide(from, delta, |p, m| parry.cast(p, m)))
            })
        });
        if scene.walls.len() > 100_000 {
            // About 10 ms a move: the fewest samples criterion takes.
            group.sample_size(10);
        }
        group.bench_function(BenchmarkId::new("brute force", &label), |b| {
            b.iter(|| {
                i = (i + 1) % QUERY_COUNT;
                let (from, delta) = scene.queries[i];
                black_box(slide(from, delta, |p, m| brute_force_cast(&scene, p, m)))
            })
        });
        group.finish();
    }
}

/// Length of the benchmark rays: the edit-mode crosshair's reach.
const RAY_LENGTH: f32 = 20.0;

/// The crosshair's ray query (`Collider::ray_cast`) against a brute-force
/// scan of every wall and obstacle, on every scene: rays of 20 m in random
/// directions from the move queries' starts.
fn bench_rays(c: &mut Criterion) {
    for scene in scenes() {
        let collider = Collider::new(
            scene.walls.clone(),
            scene.obstacles.clone(),
            scene.body_radius,
        );
        let mut rng = Rng(11);
        let rays: Vec<(Vec2, Vec2)> = scene
            .queries
            .iter()
            .map(|&(from, _)| {
                let angle = rng.unit() * std::f32::consts::TAU;
                (from, from + Vec2::from_angle(angle) * RAY_LENGTH)
            })
            .collect();
        let hits = rays
            .iter()
            .filter(|(from, to)| collider.ray_cast(*from, *to).is_some())
            .count();
        eprintln!(
            "{}: {hits} of {} rays of {RAY_LENGTH} m hit something",
            scene.name,
            rays.len()
        );
        let mut group = c.benchmark_group(format!("ray/{}", scene.name));
        group.warm_up_time(Duration::from_millis(500));
        group.measurement_time(Duration::from_secs(2));
        group.sample_size(30);
        let label = format!("{} walls", scene.walls.len());
        let mut i = 0;
        group.bench_function(BenchmarkId::new("ours", &label), |b| {
            b.iter(|| {
                i = (i + 1) % QUERY_COUNT;
                let (from, to) = rays[i];
                black_box(collider.ray_cast(from, to).map(|h| h.fraction))
            })
        });
        if scene.walls.len() > 100_000 {
            group.sample_size(10);
        }
        group.bench_function(BenchmarkId::new("brute force", &label), |b| {
            b.iter(|| {
                i = (i + 1) % QUERY_COUNT;
                let (from, to) = rays[i];
                let walls = scene
                    .walls
                    .iter()
                    .filter_map(|w| ray_against_wall(from, to, w));
                let obstacles = scene
                    .obstacles
                    .iter()
                    .filter_map(|o| ray_against_obstacle(from, to, o));
                black_box(walls.chain(obstacles).min_by(f32::total_cmp))
            })
        });
        group.finish();
    }
}

/// The camera's far plane: how far a view sees.
const VIEW_DISTANCE: f32 = 500.0;

/// Which walls a view sees (`Collider::visible_shapes`) on every scene:
/// the default camera (70° vertical field of view on a 16:9 screen) from
/// the move queries' starts, in random directions. The cost should follow
/// what is visible, not the size of the maze.
fn bench_visibility(c: &mut Criterion) {
    let half_angle = (35f32.to_radians().tan() * 16.0 / 9.0).atan();
    for scene in scenes() {
        let collider = Collider::new(
            scene.walls.clone(),
            scene.obstacles.clone(),
            scene.body_radius,
        );
        let mut rng = Rng(13);
        let views: Vec<ViewWedge> = scene
            .queries
            .iter()
            .map(|&(eye, _)| ViewWedge {
                eye,
                yaw: rng.unit() * std::f32::consts::TAU,
                half_angle,
                max_distance: VIEW_DISTANCE,
            })
            .collect();
        let mut set = VisibleSet::new();
        let visible: usize = views
            .iter()
            .map(|view| {
                collider.visible_shapes(view, &scene.occludes, &mut set);
                set.walls().len() + set.obstacles().len()
            })
            .sum();
        eprintln!(
            "{}: {:.1} shapes visible per view on average",
            scene.name,
            visible as f64 / views.len() as f64
        );
        // Frame after frame from one spot, turning 3° a frame: what a
        // walker's views cost once the spot's cells are in cache (random
        // spots all over a million-wall maze miss the cache every time).
        let turning: Vec<ViewWedge> = (0..QUERY_COUNT)
            .map(|k| ViewWedge {
                yaw: k as f32 * 3f32.to_radians(),
                ..views[k / 64 * 64]
            })
            .collect();
        let mut group = c.benchmark_group(format!("visible/{}", scene.name));
        group.warm_up_time(Duration::from_millis(500));
        group.measurement_time(Duration::from_secs(2));
        group.sample_size(30);
        let label = format!("{} walls", scene.walls.len());
        for (name, views) in [("random spots", &views), ("turning on a spot", &turning)] {
            let mut i = 0;
            group.bench_function(BenchmarkId::new(name, &label), |b| {
                b.iter(|| {
                    i = (i + 1) % QUERY_COUNT;
                    collider.visible_shapes(&views[i], &scene.occludes, &mut set);
                    black_box(set.walls().len())
                })
            });
        }
        group.finish();
    }
}

/// After a reload puts a wall where the eye stands: the nearest free point
/// within 2 m (`Collider::nearest_free_point`), from points inside walls'
/// clearance, on the house and on the smallest and largest mazes.
fn bench_clearance(c: &mut Criterion) {
    for scene in scenes()
        .into_iter()
        .filter(|s| !s.name.contains("90") && !s.name.contains("368"))
    {
        let collider = Collider::new(
            scene.walls.clone(),
            scene.obstacles.clone(),
            scene.body_radius,
        );
        let mut rng = Rng(17);
        let starts: Vec<Vec2> = (0..QUERY_COUNT)
            .map(|_| {
                let wall = scene.walls
                    [(rng.unit() * scene.walls.len() as f32) as usize % scene.walls.len()];
                let along = wall.a + (wall.b - wall.a) * rng.unit();
                let angle = rng.unit() * std::f32::consts::TAU;
                along + Vec2::from_angle(angle) * wall.radius * 0.5
            })
            .collect();
        let found = starts
            .iter()
            .filter(|&&p| collider.nearest_free_point(p, 2.0).is_some())
            .count();
        eprintln!(
            "{}: {found} of {} starts inside walls have a free point within 2 m",
            scene.name,
            starts.len()
        );
        let mut group = c.benchmark_group(format!("clearance/{}", scene.name));
        group.warm_up_time(Duration::from_millis(500));
        group.measurement_time(Duration::from_secs(2));
        group.sample_size(20);
        let mut i = 0;
        group.bench_function(
            BenchmarkId::new("nearest free point", format!("{} walls", scene.walls.len())),
            |b| {
                b.iter(|| {
                    i = (i + 1) % QUERY_COUNT;
                    black_box(collider.nearest_free_point(starts[i], 2.0))
                })
            },
        );
        group.finish();
    }
}

fn bench_build(c: &mut Criterion) {
    let mut group = c.benchmark_group("build");
    group.warm_up_time(Duration::from_millis(300));
    group.measurement_time(Duration::from_secs(3));
    group.sample_size(10);
    for cells in [90, 368, 1425] {
        let scene = maze_scene(cells);
        if cells == 1425 {
            // About 90 ms a build: 10 samples (55 builds) need about 5-7 s.
            group.measurement_time(Duration::from_secs(8));
        }
        group.bench_function(BenchmarkId::new("collider", scene.walls.len()), |b| {
            b.iter(|| {
                black_box(Collider::new(
                    scene.walls.clone(),
                    Vec::new(),
                    MAZE_BODY_RADIUS,
                ))
            })
        });
    }
    group.bench_function("maze 1000x1000", |b| {
        b.iter(|| black_box(maze_walls(1000, 1000, 1, 1.0).map(|w| w.len())))
    });
    group.finish();
}

/// The eye's move in the doors workload ([`doors_scene`]): among moving
/// doors, among still ones, and without doors. Also one tick of all 1,000
/// doors moving.
fn bench_doors(c: &mut Criterion) {
    let DoorsScene {
        collider,
        still,
        snapshots,
        queries,
    } = doors_scene();
    let options = MoveOptions::default();
    let mut group = c.benchmark_group("doors/maze 300x300, 1000 doors");
    group.warm_up_time(Duration::from_millis(500));
    group.measurement_time(Duration::from_secs(2));
    group.sample_size(30);
    let mut i = 0;
    group.bench_function("move among moving doors", |b| {
        b.iter(|| {
            i = (i + 1) % QUERY_COUNT;
            let (from, delta) = queries[i];
            let doors = &snapshots[i % DOOR_SNAPSHOTS];
            black_box(
                doors
                    .move_eye(&collider, from, delta, &options)
                    .map(|o| o.position),
            )
        })
    });
    group.bench_function("move among still doors", |b| {
        b.iter(|| {
            i = (i + 1) % QUERY_COUNT;
            let (from, delta) = queries[i];
            black_box(
                still
                    .move_eye(&collider, from, delta, &options)
                    .map(|o| o.position),
            )
        })
    });
    group.bench_function("move without doors", |b| {
        b.iter(|| {
            i = (i + 1) % QUERY_COUNT;
            let (from, delta) = queries[i];
            black_box(collider.move_eye(from, delta, &options).map(|o| o.position))
        })
    });
    let mut ticking = snapshots[0].clone();
    group.bench_function("one tick of 1000 doors", |b| {
        b.iter(|| {
            i = (i + 1) % QUERY_COUNT;
            black_box(ticking.advance(queries[i].0, &collider, true))
        })
    });
    group.finish();
}

/// One edit in edit mode on the 1425×1425 maze (about a million walls):
/// the live collider is shared (the renderer and a worker hold it), so
/// each edit copies it (`clone`) and then changes the copy in place. Each
/// figure is one such edit: the copy alone, removing the middle wall,
/// inserting it back, appending a wall and removing that last wall, each
/// from a collider shared in the state before that edit. The edited copy
/// is dropped outside the timing (the app drops the old collider when the
/// last holder lets go).
fn bench_edit(c: &mut Criterion) {
    let collider = Level::maze(1425, 1425, 1).expect("a valid maze").collider();
    let middle = collider.walls().len() / 2;
    let wall = collider.walls()[middle];
    let mut removed = collider.clone();
    removed.remove_wall(middle);
    let mut appended = collider.clone();
    appended.insert_wall(appended.walls().len(), wall);
    let mut group = c.benchmark_group(format!(
        "edit/maze 1425x1425, {} walls",
        collider.walls().len()
    ));
    group.warm_up_time(Duration::from_millis(500));
    group.measurement_time(Duration::from_secs(3));
    group.sample_size(20);
    group.bench_function("clone", |b| {
        b.iter_with_large_drop(|| black_box(&collider).clone())
    });
    group.bench_function("clone, remove the middle wall", |b| {
        b.iter_with_large_drop(|| {
            let mut edited = black_box(&collider).clone();
            edited.remove_wall(middle);
            edited
        })
    });
    group.bench_function("clone, insert it back", |b| {
        b.iter_with_large_drop(|| {
            let mut edited = black_box(&removed).clone();
            edited.insert_wall(middle, wall);
            edited
        })
    });
    group.bench_function("clone, append a wall", |b| {
        b.iter_with_large_drop(|| {
            let mut edited = black_box(&collider).clone();
            edited.insert_wall(edited.walls().len(), wall);
            edited
        })
    });
    group.bench_function("clone, remove the last wall", |b| {
        b.iter_with_large_drop(|| {
            let mut edited = black_box(&appended).clone();
            edited.remove_wall(edited.walls().len() - 1);
            edited
        })
    });
    group.finish();
}

/// The walker's standing move on the split level (floors at different
/// heights: the edges between them block by the feet's height) against
/// the same move on the same walls and obstacles with its floors taken
/// out: what the floors cost a move. The queries start where a body may
/// stand, its feet on the floor there.
fn bench_floors(c: &mut Criterion) {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/assets/levels/split-level.toml"
    );
    let level = match Level::load(std::path::Path::new(path)) {
        Ok(loaded) => loaded.level,
        Err(error) => panic!("{error}"),
    };
    let flat = Level {
        floors: Vec::new(),
        ..level.clone()
    };
    let with_floors = level.collider();
    let without_floors = flat.collider();
    let heights = with_floors.heights();
    let mut rng = Rng(58);
    let mut queries = Vec::with_capacity(QUERY_COUNT);
    while queries.len() < QUERY_COUNT {
        let from = Vec2::new(rng.unit() * 24.0, rng.unit() * 16.0);
        if let Some(feet) = heights.standing_at(from)
            && with_floors.deepest_penetration(from).is_none()
        {
            queries.push((from, rng.step(), feet));
        }
    }
    let options = MoveOptions::default();
    let leaves = DoorLeaves::empty();
    let mut group = c.benchmark_group("move/split level");
    group.warm_up_time(Duration::from_millis(500));
    group.measurement_time(Duration::from_secs(2));
    group.sample_size(30);
    for (name, collider) in [("floors", &with_floors), ("no floors", &without_floors)] {
        let mut i = 0;
        group.bench_function(name, |b| {
            b.iter(|| {
                i = (i + 1) % QUERY_COUNT;
                let (from, delta, feet) = queries[i];
                let moved = collider.move_standing(from, delta, &options, &leaves, feet);
                black_box(moved.map(|o| o.position))
            })
        });
    }
    group.finish();
}

criterion_group!(
    benches,
    bench_floors,
    bench_doors,
    bench_moves,
    bench_rays,
    bench_visibility,
    bench_clearance,
    bench_build,
    bench_edit
);
criterion_main!(benches);
