//! Collision benchmarks: our swept slide move against a parry2d slide loop and
//! a brute-force scan, on a house-sized scene and generated mazes.
//!
//! Run: `cargo bench --bench collision` (results go to `docs/benchmarks.md`).

use std::hint::black_box;
use std::time::Duration;

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use glam::Vec2;
use mazewalker::collision::{
    Collider, ConvexPolygon, MoveOptions, Wall, distance_to_segment, sweep_against_wall,
};
use mazewalker::level::maze::maze_walls;
use parry2d::math::{Pose, Vector};
use parry2d::query::{ShapeCastOptions, cast_shapes};
use parry2d::shape::{Ball, ConvexPolygon as ParryPolygon, Polyline};

const WALL_RADIUS: f32 = 0.25;
const BODY_RADIUS: f32 = 0.25;
const QUERY_COUNT: usize = 1024;
const SKIN: f32 = 1e-4;
const MAX_SLIDES: usize = 4;

/// Deterministic pseudo-random numbers for the workloads (splitmix64).
struct Rng(u64);

impl Rng {
    fn unit(&mut self) -> f32 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        ((z ^ (z >> 31)) >> 40) as f32 / (1u64 << 24) as f32
    }
}

struct Scene {
    name: String,
    walls: Vec<Wall>,
    obstacles: Vec<ConvexPolygon>,
    queries: Vec<(Vec2, Vec2)>,
}

fn wall(a: (f32, f32), b: (f32, f32)) -> Wall {
    Wall {
        a: Vec2::new(a.0, a.1),
        b: Vec2::new(b.0, b.1),
        radius: WALL_RADIUS,
    }
}

/// A 20 m × 14 m house: outer walls, rooms with door gaps, a slanted bay
/// wall, furniture obstacles — about 50 walls.
fn house() -> (Vec<Wall>, Vec<ConvexPolygon>) {
    let mut walls = vec![
        wall((0.0, 0.0), (20.0, 0.0)),
        wall((20.0, 0.0), (20.0, 14.0)),
        wall((20.0, 14.0), (0.0, 14.0)),
        wall((0.0, 14.0), (0.0, 0.0)),
    ];
    // Interior walls on a 4 m grid, each split around a 1 m door.
    for x in [4.0, 8.0, 12.0, 16.0] {
        walls.push(wall((x, 0.0), (x, 2.5)));
        walls.push(wall((x, 3.5), (x, 7.0)));
        walls.push(wall((x, 7.0), (x, 10.5)));
        walls.push(wall((x, 11.5), (x, 14.0)));
    }
    for z in [7.0] {
        for x in [0.0, 4.0, 8.0, 12.0, 16.0] {
            walls.push(wall((x, z), (x + 1.5, z)));
            walls.push(wall((x + 2.5, z), (x + 4.0, z)));
        }
    }
    // Slanted bay walls and short stubs.
    for k in 0..10 {
        let x = 1.0 + k as f32 * 1.9;
        walls.push(wall((x, 12.0), (x + 0.8, 12.6)));
    }
    for k in 0..8 {
        let x = 1.5 + k as f32 * 2.3;
        walls.push(wall((x, 1.0), (x, 1.6)));
    }
    let boxes = [(2.0, 4.0), (10.0, 9.0), (14.0, 4.5), (18.0, 10.0)];
    let obstacles = boxes
        .iter()
        .map(|&(x, z)| {
            ConvexPolygon::new(vec![
                Vec2::new(x, z),
                Vec2::new(x + 1.2, z),
                Vec2::new(x + 1.2, z + 0.6),
                Vec2::new(x, z + 0.6),
            ])
            .expect("house furniture is convex")
        })
        .collect();
    (walls, obstacles)
}

/// Valid starts (clear of every wall and obstacle) with 0.1–0.3 m moves.
fn queries(
    walls: &[Wall],
    obstacles: &[ConvexPolygon],
    extent: Vec2,
    seed: u64,
) -> Vec<(Vec2, Vec2)> {
    let probe = Collider::new(walls.to_vec(), obstacles.to_vec(), BODY_RADIUS);
    let mut rng = Rng(seed);
    let mut out = Vec::with_capacity(QUERY_COUNT);
    while out.len() < QUERY_COUNT {
        let p = Vec2::new(rng.unit() * extent.x, rng.unit() * extent.y);
        let clear = probe
            .move_eye(p, Vec2::ZERO, &MoveOptions::default())
            .is_ok_and(|o| !o.pushed_out)
            && walls
                .iter()
                .all(|w| distance_to_segment(p, w.a, w.b) > w.radius + 0.01);
        if clear {
            let angle = rng.unit() * std::f32::consts::TAU;
            out.push((p, Vec2::from_angle(angle) * (0.1 + 0.2 * rng.unit())));
        }
    }
    out
}

fn maze_scene(cells: u32) -> Scene {
    let walls: Vec<Wall> = maze_walls(cells, cells, 7, 1.0)
        .expect("benchmark maze size is valid")
        .into_iter()
        .map(|[a, b]| Wall {
            a,
            b,
            radius: WALL_RADIUS,
        })
        .collect();
    // Random starts near cell centres are always clear in a unit maze.
    let mut rng = Rng(cells as u64);
    let queries = (0..QUERY_COUNT)
        .map(|_| {
            let cell = Vec2::new(
                (rng.unit() * cells as f32).floor(),
                (rng.unit() * cells as f32).floor(),
            );
            let offset = Vec2::new(rng.unit(), rng.unit()) * 0.4 - 0.2;
            let angle = rng.unit() * std::f32::consts::TAU;
            (
                cell + 0.5 + offset,
                Vec2::from_angle(angle) * (0.1 + 0.2 * rng.unit()),
            )
        })
        .collect();
    Scene {
        name: format!("maze {cells}x{cells}"),
        walls,
        obstacles: Vec::new(),
        queries,
    }
}

/// The same slide rules as the collider (advance less skin along the
/// normal, Quake's clip planes, stop in corners), over any cast function.
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

fn brute_force_cast(walls: &[Wall], start: Vec2, motion: Vec2) -> Option<(f32, Vec2)> {
    walls
        .iter()
        .filter_map(|w| sweep_against_wall(start, motion, w))
        .min_by(|a, b| a.t.total_cmp(&b.t))
        .map(|hit| (hit.t, hit.normal))
}

struct ParryScene {
    walls: Polyline,
    obstacles: Vec<ParryPolygon>,
}

fn pv(v: Vec2) -> Vector {
    Vector::new(v.x, v.y)
}

impl ParryScene {
    fn new(scene: &Scene) -> Self {
        let vertices = scene
            .walls
            .iter()
            .flat_map(|w| [pv(w.a), pv(w.b)])
            .collect();
        let indices = (0..scene.walls.len() as u32)
            .map(|i| [2 * i, 2 * i + 1])
            .collect();
        let obstacles = scene
            .obstacles
            .iter()
            .filter_map(|o| {
                ParryPolygon::from_convex_hull(
                    &o.points().iter().map(|&p| pv(p)).collect::<Vec<_>>(),
                )
            })
            .collect();
        Self {
            walls: Polyline::new(vertices, Some(indices)),
            obstacles,
        }
    }

    fn cast(&self, start: Vec2, motion: Vec2) -> Option<(f32, Vec2)> {
        let ball = Ball::new(WALL_RADIUS);
        let at = Pose::from_translation(pv(start));
        let options = ShapeCastOptions {
            max_time_of_impact: 1.0,
            target_distance: 0.0,
            stop_at_penetration: false,
            compute_impact_geometry_on_penetration: true,
        };
        let mut best: Option<(f32, Vec2)> = None;
        let shapes = std::iter::once(&self.walls as &dyn parry2d::shape::Shape).chain(
            self.obstacles
                .iter()
                .map(|o| o as &dyn parry2d::shape::Shape),
        );
        for shape in shapes {
            if let Ok(Some(hit)) = cast_shapes(
                &at,
                pv(motion),
                &ball,
                &Pose::identity(),
                Vector::ZERO,
                shape,
                options,
            ) && best.is_none_or(|(t, _)| hit.time_of_impact < t)
            {
                best = Some((hit.time_of_impact, Vec2::new(hit.normal2.x, hit.normal2.y)));
            }
        }
        best
    }
}

fn scenes() -> Vec<Scene> {
    let (walls, obstacles) = house();
    let queries = queries(&walls, &obstacles, Vec2::new(20.0, 14.0), 3);
    let mut all = vec![Scene {
        name: format!("house ({} walls)", walls.len()),
        walls,
        obstacles,
        queries,
    }];
    all.extend([24, 90, 368, 1425].map(maze_scene));
    all
}

fn bench_moves(c: &mut Criterion) {
    let options = MoveOptions::default();
    for scene in scenes() {
        let mut group = c.benchmark_group(format!("move/{}", scene.name));
        group.warm_up_time(Duration::from_millis(300));
        group.measurement_time(Duration::from_secs(1));
        group.sample_size(20);
        let label = format!("{} walls", scene.walls.len());
        let collider = Collider::new(scene.walls.clone(), scene.obstacles.clone(), BODY_RADIUS);
        let mut i = 0;
        group.bench_function(BenchmarkId::new("ours", &label), |b| {
            b.iter(|| {
                i = (i + 1) % QUERY_COUNT;
                let (from, delta) = scene.queries[i];
                black_box(collider.move_eye(from, delta, &options).map(|o| o.position))
            })
        });
        let parry = ParryScene::new(&scene);
        group.bench_function(BenchmarkId::new("parry2d", &label), |b| {
            b.iter(|| {
                i = (i + 1) % QUERY_COUNT;
                let (from, delta) = scene.queries[i];
                black_box(slide(from, delta, |p, m| parry.cast(p, m)))
            })
        });
        if scene.walls.len() <= 100_000 {
            group.bench_function(BenchmarkId::new("brute force", &label), |b| {
                b.iter(|| {
                    i = (i + 1) % QUERY_COUNT;
                    let (from, delta) = scene.queries[i];
                    black_box(slide(from, delta, |p, m| {
                        brute_force_cast(&scene.walls, p, m)
                    }))
                })
            });
        }
        group.finish();
    }
}

fn bench_build(c: &mut Criterion) {
    let mut group = c.benchmark_group("build");
    group.warm_up_time(Duration::from_millis(300));
    group.measurement_time(Duration::from_secs(2));
    group.sample_size(10);
    for cells in [90, 368] {
        let scene = maze_scene(cells);
        group.bench_function(BenchmarkId::new("collider", scene.walls.len()), |b| {
            b.iter(|| black_box(Collider::new(scene.walls.clone(), Vec::new(), BODY_RADIUS)))
        });
    }
    group.bench_function("maze 1000x1000", |b| {
        b.iter(|| black_box(maze_walls(1000, 1000, 1, 1.0).map(|w| w.len())))
    });
    group.finish();
}

criterion_group!(benches, bench_moves, bench_build);
criterion_main!(benches);
