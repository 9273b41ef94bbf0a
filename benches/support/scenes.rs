//! The collision benchmark's scenes and queries, shared by the benchmark
//! (`benches/collision.rs`) and the profiling driver
//! (`examples/profile_moves.rs`), so that a profile runs exactly the moves
//! the benchmark times.

// Each includer uses only part of what is here.
#![allow(dead_code)]

use glam::Vec2;
use mazewalker::collision::{Collider, ConvexPolygon, Wall};
use mazewalker::doors::Doors;
use mazewalker::level::maze::maze_walls;
use mazewalker::level::{Door, DoorKind, Level, LevelChoice, MAZE_CELL_SIZE, MaterialId};

/// Wall radius in the benchmark mazes (unit cells leave 0.5 m free).
pub const MAZE_WALL_RADIUS: f32 = 0.25;
/// Body radius in the benchmark mazes (they have no obstacles).
pub const MAZE_BODY_RADIUS: f32 = 0.25;
/// Queries per scene; each iteration takes the next.
pub const QUERY_COUNT: usize = 1024;

/// Deterministic pseudo-random numbers for the workloads (splitmix64).
pub struct Rng(pub u64);

impl Rng {
    pub fn unit(&mut self) -> f32 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        ((z ^ (z >> 31)) >> 40) as f32 / (1u64 << 24) as f32
    }

    /// A 0.1–0.3 m move in a random direction (a walker's frame or three).
    pub fn step(&mut self) -> Vec2 {
        let angle = self.unit() * std::f32::consts::TAU;
        Vec2::from_angle(angle) * (0.1 + 0.2 * self.unit())
    }
}

pub struct Scene {
    pub name: String,
    pub walls: Vec<Wall>,
    pub obstacles: Vec<ConvexPolygon>,
    pub body_radius: f32,
    pub queries: Vec<(Vec2, Vec2)>,
    /// Per wall: whether it hides what is behind it (as high as the
    /// ceiling).
    pub occludes: Vec<bool>,
}

/// The embedded default house (`assets/levels/house.toml`), its walls,
/// obstacles and player radius as the level loader gives them, with random
/// starts that are clear of everything.
pub fn house_scene() -> Scene {
    level_scene("default house", &Level::default_house(), 3)
}

/// Freedoom 2's MAP01 (Debian's `freedoom` package), imported in memory
/// as `--wad WAD --map MAP01` imports it, with random starts where a body
/// may stand; `None` where the WAD is not installed.
pub fn freedoom_scene() -> Option<Scene> {
    let choice = LevelChoice::Wad {
        wad: FREEDOOM2.into(),
        map: "MAP01".into(),
    };
    match choice.load() {
        Ok(loaded) => Some(level_scene("freedoom2 MAP01", &loaded.level, 59)),
        Err(error) => {
            eprintln!("freedoom2 MAP01 left out: {error}");
            None
        }
    }
}

/// Freedoom 2's WAD where Debian installs it.
pub const FREEDOOM2: &str = "/usr/share/games/doom/freedoom2.wad";

/// `level`'s walls, obstacles and player radius as its collider holds
/// them, with [`QUERY_COUNT`] random moves (seeded by `seed`) from places
/// within its walls' bounds that are clear of everything and where a body
/// may stand.
fn level_scene(name: &str, level: &Level, seed: u64) -> Scene {
    let collider = level.collider();
    let heights = collider.heights();
    let (min, max) = level
        .walls
        .iter()
        .flat_map(|w| [w.a, w.b])
        .fold((Vec2::MAX, Vec2::MIN), |(lo, hi), p| (lo.min(p), hi.max(p)));
    let mut rng = Rng(seed);
    let mut queries = Vec::with_capacity(QUERY_COUNT);
    while queries.len() < QUERY_COUNT {
        let p = min + Vec2::new(rng.unit(), rng.unit()) * (max - min);
        let clear = collider
            .walls()
            .iter()
            .all(|w| mazewalker::collision::distance_to_segment(p, w.a, w.b) > w.radius + 0.01)
            && collider
                .obstacles()
                .iter()
                .all(|o| o.signed_distance(p) > collider.body_radius() + 0.01)
            && (heights.is_flat() || heights.standing_at(p).is_some());
        if clear {
            queries.push((p, rng.step()));
        }
    }
    let ceiling = level.environment.ceiling_height;
    Scene {
        name: name.to_string(),
        walls: collider.walls().to_vec(),
        obstacles: collider.obstacles().to_vec(),
        body_radius: collider.body_radius(),
        queries,
        occludes: level.walls.iter().map(|w| w.height >= ceiling).collect(),
    }
}

/// A `cells`×`cells` maze of unit cells; starts within 0.2 m of random cell
/// centres (always clear of walls of radius 0.25).
pub fn maze_scene(cells: u32) -> Scene {
    let walls: Vec<Wall> = maze_walls(cells, cells, 7, 1.0)
        .expect("benchmark maze size is valid")
        .into_iter()
        .map(|[a, b]| Wall {
            a,
            b,
            radius: MAZE_WALL_RADIUS,
        })
        .collect();
    let mut rng = Rng(u64::from(cells));
    let queries = (0..QUERY_COUNT)
        .map(|_| {
            let cell = Vec2::new(
                (rng.unit() * cells as f32).floor(),
                (rng.unit() * cells as f32).floor(),
            );
            let offset = Vec2::new(rng.unit(), rng.unit()) * 0.4 - 0.2;
            (cell + 0.5 + offset, rng.step())
        })
        .collect();
    Scene {
        name: format!("maze {cells}x{cells}"),
        occludes: vec![true; walls.len()],
        walls,
        obstacles: Vec::new(),
        body_radius: MAZE_BODY_RADIUS,
        queries,
    }
}

/// The house, the mazes of about 300, 4k, 66k and 1M walls, and
/// Freedoom 2's MAP01 where it is installed.
pub fn scenes() -> Vec<Scene> {
    let mut all = vec![house_scene()];
    all.extend([24, 90, 368, 1425].map(maze_scene));
    all.extend(freedoom_scene());
    all
}

/// The doors workload (see [`doors_scene`]).
pub struct DoorsScene {
    /// The maze without its doors.
    pub collider: Collider,
    /// The 1,000 doors standing closed.
    pub still: Doors,
    /// The doors opening and closing, a few ticks apart.
    pub snapshots: Vec<Doors>,
    /// The moves: half beside a door, half at random cell centres.
    pub queries: Vec<(Vec2, Vec2)>,
}

/// How many door snapshots the moving-doors workload cycles through.
pub const DOOR_SNAPSHOTS: usize = 16;

/// The doors workload: the eye's move in a 300×300 maze of 2 m cells with 1,000 doors across
/// random cells (swing and slide, half of them hinged), against the same
/// maze with the doors standing closed, and with no doors: the move among
/// leaves looks only at the doors near the eye, so whether they move
/// should not matter. Half the moves start beside a door, half at random
/// cell centres.
pub fn doors_scene() -> DoorsScene {
    let level = Level::maze(300, 300, 7).expect("a valid maze");
    let collider = level.collider();
    let mut rng = Rng(11);
    let cell = |rng: &mut Rng| (rng.unit() * 300.0).floor().min(299.0);
    let doors: Vec<Door> = (0..1000)
        .map(|index| {
            let centre = Vec2::new(cell(&mut rng) + 0.5, cell(&mut rng) + 0.5) * MAZE_CELL_SIZE;
            let half = Vec2::new(0.45, 0.0);
            let mut door = Door::with_defaults(centre - half, centre + half, MaterialId(0));
            door.kind = if index % 2 == 0 {
                DoorKind::Swing
            } else {
                DoorKind::Slide
            };
            door.close_after = 0.25;
            door
        })
        .collect();
    let queries: Vec<(Vec2, Vec2)> = (0..QUERY_COUNT)
        .map(|index| {
            let near = if index % 2 == 0 {
                let door = &doors[index % doors.len()];
                (door.a + door.b) / 2.0 + Vec2::new(0.0, 0.4)
            } else {
                Vec2::new(cell(&mut rng) + 0.5, cell(&mut rng) + 0.5) * MAZE_CELL_SIZE
            };
            (near, rng.step() * 0.1)
        })
        .collect();
    let still = Doors::new(&doors);
    // Every door opening and closing, at staggered times: snapshots a few
    // ticks apart.
    let far = Vec2::splat(-100.0);
    let mut moving = Doors::new(&doors);
    for (index, door) in doors.iter().enumerate() {
        moving.press_use(
            (door.a + door.b) / 2.0 + Vec2::new(0.0, 0.3),
            Vec2::NEG_Y,
            &collider,
        );
        for _ in 0..index % 7 {
            moving.advance(far, &collider, true);
        }
    }
    let snapshots: Vec<Doors> = (0..DOOR_SNAPSHOTS)
        .map(|_| {
            for _ in 0..5 {
                moving.advance(far, &collider, true);
            }
            moving.clone()
        })
        .collect();
    DoorsScene {
        collider,
        still,
        snapshots,
        queries,
    }
}
