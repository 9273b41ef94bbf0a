//! The meshes built: winding, walls, texture repeats and alignment,
//! chunks, the floor plan and the light cache.

use std::path::Path;

use glam::{Vec2, Vec3};

use super::floor_plan::FLOOR_MARGIN;
use super::*;
use crate::level::Level;
use crate::level::light_layout::LightPatch;

fn level(toml: &str) -> Level {
    Level::from_toml_str(toml, Path::new("test.toml"))
        .expect("valid level")
        .level
}

fn triangles(mesh: &SceneMesh) -> impl Iterator<Item = [&MeshVertex; 3]> {
    mesh.indices.chunks_exact(3).map(|t| {
        [
            &mesh.vertices[t[0] as usize],
            &mesh.vertices[t[1] as usize],
            &mesh.vertices[t[2] as usize],
        ]
    })
}

#[test]
fn every_triangle_winds_counter_clockwise_around_its_normal() {
    let mesh = scene_mesh(&Level::default_house());
    assert!(mesh.indices.len() > 1000);
    winds_around_its_normals(&mesh);
    for ground in [true, false] {
        winds_around_its_normals(&scene_mesh(&level_with_floors(FLOOR_WITH_ISLAND, ground)));
    }
}

/// Asserts that every triangle of `mesh` has area, and winds counter-
/// clockwise seen from the side its normal points to.
fn winds_around_its_normals(mesh: &SceneMesh) {
    for [p, q, r] in triangles(mesh) {
        let (p3, q3, r3) = (
            Vec3::from(p.position),
            Vec3::from(q.position),
            Vec3::from(r.position),
        );
        let geometric = (q3 - p3).cross(r3 - p3);
        assert!(geometric.length() > 0.0, "degenerate triangle {p:?}");
        assert!(
            geometric.normalize().dot(Vec3::from(p.normal)) > 0.999,
            "triangle {p:?} {q:?} {r:?} winds against its normal"
        );
    }
}

#[test]
fn a_wall_is_a_box_of_its_height_and_thickness_around_its_segment() {
    let mesh = scene_mesh(&level(
        "[player]\nstart = [0.0, 5.0]\n[[wall]]\na = [0.0, 0.0]\nb = [4.0, 0.0]\nthickness = 0.2\nheight = 2.0\n",
    ));
    let wall = mesh
        .batches
        .iter()
        .find(|batch| batch.bounds.max.y == 2.0)
        .expect("a batch of wall height");
    assert_eq!(wall.bounds.min, Vec3::new(0.0, 0.0, -0.1));
    assert_eq!(wall.bounds.max, Vec3::new(4.0, 2.0, 0.1));
    // Two sides, two ends, and a top (2.0 m is below the 2.8 m ceiling).
    assert_eq!(wall.indices.len(), 5 * 6);
}

#[test]
fn texture_repeats_follow_world_size_and_continue_across_collinear_pieces() {
    let mesh = scene_mesh(&level(
        "[player]\nstart = [0.0, 5.0]\n[[wall]]\na = [0.0, 0.0]\nb = [3.0, 0.0]\nmaterial = \"brick\"\n[[wall]]\na = [3.0, 0.0]\nb = [9.0, 0.0]\nmaterial = \"brick\"\n",
    ));
    // brick repeats every 1.2 m; the +z side of both pieces runs along x.
    let side: Vec<&MeshVertex> = mesh
        .vertices
        .iter()
        .filter(|v| v.normal == [0.0, 0.0, -1.0] && v.position[1] == 0.0)
        .collect();
    let u_at = |x: f32| {
        side.iter()
            .filter(|v| (v.position[0] - x).abs() < 1e-6)
            .map(|v| v.uv[0])
            .collect::<Vec<f32>>()
    };
    for u in u_at(3.0) {
        assert!((u - 3.0 / 1.2).abs() < 1e-5, "u at the seam {u}");
    }
    let far = u_at(9.0);
    assert!(!far.is_empty());
    for u in far {
        assert!((u - 9.0 / 1.2).abs() < 1e-5, "u at the far end {u}");
    }
}

#[test]
fn a_straddling_obstacle_is_filed_by_its_centre_and_floors_apart_from_shapes() {
    // Its first point lies in chunk (0, 0), most of it in chunk (1, 0).
    let level = level(
        "[player]\nstart = [0.0, 0.0]\n\
         [[obstacle]]\npoints = [[15.5, 2.0], [19.0, 2.0], [19.0, 4.0], [15.5, 4.0]]\n",
    );
    let points = level.obstacles[0].polygon.points();
    assert_eq!(obstacle_chunk(points), (1, 0));
    let mesh = scene_mesh(&level);
    let shapes: Vec<(i32, i32)> = mesh
        .batches
        .iter()
        .filter(|batch| batch.kind == BatchKind::Shapes)
        .map(|batch| batch.chunk)
        .collect();
    assert_eq!(shapes, [(1, 0)]);
    // The floor and ceiling share no batch with the obstacle, though
    // they may share its material.
    for batch in &mesh.batches {
        let is_floor = batch.bounds.max.y == 0.0;
        let is_ceiling = batch.bounds.min.y == level.environment.ceiling_height;
        assert_eq!(
            batch.kind == BatchKind::FloorAndCeiling,
            is_floor || is_ceiling,
            "{batch:?}"
        );
    }
}

#[test]
fn chunk_meshes_together_are_the_whole_mesh_and_lie_in_their_boxes() {
    let level = Level::maze(20, 20, 3).expect("maze");
    let index = ChunkIndex::new(&level);
    let whole = scene_mesh(&level);
    let mut triangles = 0;
    let mut batches = 0;
    for chunk in index.all_chunks() {
        let mesh = chunk_mesh(&level, &index, chunk);
        let bounds = index.bounds(chunk).expect("a listed chunk holds something");
        for vertex in &mesh.vertices {
            let p = Vec3::from(vertex.position);
            assert!(p.cmpge(bounds.min).all() && p.cmple(bounds.max).all());
        }
        assert!(mesh.batches.iter().all(|batch| batch.chunk == chunk));
        triangles += mesh.indices.len();
        batches += mesh.batches.len();
    }
    assert_eq!(triangles, whole.indices.len());
    assert_eq!(batches, whole.batches.len());
    assert_eq!(index.batch_count(), whole.batches.len());
    // Every chunk with a vertex within 10 m of a point is near it.
    let point = Vec2::new(13.0, 27.0);
    let near: Vec<(i32, i32)> = index.chunks_near(point, 10.0).collect();
    for chunk in index.all_chunks() {
        let mesh = chunk_mesh(&level, &index, chunk);
        let close = mesh
            .vertices
            .iter()
            .any(|v| Vec2::new(v.position[0], v.position[2]).distance(point) <= 10.0);
        assert!(!close || near.contains(&chunk), "{chunk:?} left out");
    }
    assert!(index.chunks_near(Vec2::NAN, 10.0).next().is_none());
    // Every chunk with a vertex inside a rectangle is in it.
    let (min, max) = (Vec2::new(2.0, 20.0), Vec2::new(30.0, 24.0));
    let inside: Vec<(i32, i32)> = index.chunks_in(min, max).collect();
    for chunk in index.all_chunks() {
        let mesh = chunk_mesh(&level, &index, chunk);
        let reaches = mesh.vertices.iter().any(|v| {
            let p = Vec2::new(v.position[0], v.position[2]);
            p.cmpge(min).all() && p.cmple(max).all()
        });
        assert!(!reaches || inside.contains(&chunk), "{chunk:?} left out");
    }
    assert!(
        inside.len() < index.all_chunks().count(),
        "not the whole level"
    );
    // The maze's outer walls run its whole side, yet a near view looks
    // at a few dozen chunks, not the level's.
    let big = ChunkIndex::new(&Level::maze(200, 200, 3).expect("maze"));
    let looked_at = big.chunks_near(Vec2::new(200.0, 200.0), 60.0).count();
    assert!(looked_at < 150, "{looked_at} chunks");
}

#[test]
fn floor_and_ceiling_cover_the_plan_in_chunks() {
    let house = Level::default_house();
    let mesh = scene_mesh(&house);
    let floor: Vec<&Batch> = mesh
        .batches
        .iter()
        .filter(|batch| batch.material == house.environment.floor && batch.bounds.max.y == 0.0)
        .collect();
    assert!(floor.len() >= 2, "a 22 m wide house spans chunks");
    let min = floor
        .iter()
        .fold(Vec3::INFINITY, |m, b| m.min(b.bounds.min));
    let max = floor
        .iter()
        .fold(Vec3::NEG_INFINITY, |m, b| m.max(b.bounds.max));
    assert_eq!((min.x, min.z), (-FLOOR_MARGIN, -FLOOR_MARGIN));
    assert_eq!((max.x, max.z), (20.0 + FLOOR_MARGIN, 14.0 + FLOOR_MARGIN));
    for batch in &floor {
        let size = batch.bounds.max - batch.bounds.min;
        assert!(size.x <= CHUNK_SIZE && size.z <= CHUNK_SIZE);
    }
    let ceiling_height = house.environment.ceiling_height;
    assert!(mesh.batches.iter().any(|batch| {
        batch.material == house.environment.ceiling && batch.bounds.min.y == ceiling_height
    }));
}

#[test]
fn every_wall_and_obstacle_of_the_level_is_in_the_mesh() {
    let house = Level::default_house();
    let mesh = scene_mesh(&house);
    let covered = |point: Vec2, y: f32| {
        mesh.batches.iter().any(|batch| {
            let (min, max) = (batch.bounds.min, batch.bounds.max);
            (min.x..=max.x).contains(&point.x)
                && (min.z..=max.z).contains(&point.y)
                && (min.y..=max.y).contains(&y)
        })
    };
    for wall in &house.walls {
        assert!(
            covered((wall.a + wall.b) / 2.0, wall.height / 2.0),
            "{wall:?}"
        );
    }
    for obstacle in &house.obstacles {
        let point = obstacle.polygon.points()[0];
        assert!(covered(point, obstacle.height), "{obstacle:?}");
    }
}

#[test]
fn every_triangle_finds_its_world_points_in_one_face_of_the_light_cache() {
    use crate::level::light_layout::LIGHT_TEXELS_PER_METRE;
    let level = Level::default_house();
    let index = ChunkIndex::new(&level);
    for chunk in index.all_chunks() {
        let mesh = chunk_mesh(&level, &index, chunk);
        let light = &mesh.light;
        assert_eq!(light.texels_per_metre, LIGHT_TEXELS_PER_METRE);
        let size = Vec2::new(light.size.0 as f32, light.size.1 as f32);
        for triangle in triangles(&mesh) {
            // The bake lights a texel at `origin + axes × (texel −
            // corner) × metres a texel`: that must give back each
            // vertex's world point, within the face's rectangle.
            let on_patch = |patch: &LightPatch| {
                let corner = Vec2::new(patch.cell[0] + 1.0, patch.cell[1] + 1.0);
                let extent = Vec2::new(patch.cell[2], patch.cell[3]);
                let [x, y, z, metres] = patch.origin;
                triangle.iter().all(|vertex| {
                    let local = Vec2::from(vertex.light_uv) * size - corner;
                    let world = Vec3::new(x, y, z)
                        + (Vec3::from_slice(&patch.along) * local.x
                            + Vec3::from_slice(&patch.across) * local.y)
                            * metres;
                    local.cmpge(Vec2::splat(-1e-3)).all()
                        && local.cmple(extent + 1e-3).all()
                        && world.distance(Vec3::from(vertex.position)) < 1e-3
                        && patch.normal[..3] == vertex.normal
                })
            };
            assert!(
                light.patches.iter().any(on_patch),
                "no face of the light cache holds {triangle:?}"
            );
        }
    }
}

#[test]
fn batches_partition_the_indices() {
    let mesh = scene_mesh(&Level::maze(12, 9, 3).expect("a maze"));
    let mut next = 0;
    for batch in &mesh.batches {
        assert_eq!(batch.indices.start, next);
        assert!(batch.indices.end > batch.indices.start);
        next = batch.indices.end;
    }
    assert_eq!(next as usize, mesh.indices.len());
    assert!(
        mesh.indices
            .iter()
            .all(|&i| (i as usize) < mesh.vertices.len())
    );
}

/// A hash of everything a mesh uploads but its floors' light: its
/// vertices' bits (each its position, normal and texture and light cache
/// coordinates, in that order), its indices and its batches.
fn mesh_hash(mesh: &SceneMesh) -> u64 {
    use std::hash::Hasher;
    let mut hasher = fnv::FnvHasher::default();
    for vertex in &mesh.vertices {
        hasher.write(bytemuck::cast_slice(&vertex.position));
        hasher.write(bytemuck::cast_slice(&vertex.normal));
        hasher.write(bytemuck::cast_slice(&vertex.uv));
        hasher.write(bytemuck::cast_slice(&vertex.light_uv));
    }
    hasher.write(bytemuck::cast_slice(&mesh.indices));
    for batch in &mesh.batches {
        hasher.write(format!("{batch:?}").as_bytes());
    }
    hasher.finish()
}

#[test]
fn a_level_without_floors_draws_as_before_floors_came() {
    const HOUSE_VERTICES: usize = 1484;
    const HOUSE_HASH: u64 = 0x6bd6_ce4a_81ba_1c34;
    const MAZE_VERTICES: usize = 824;
    const MAZE_HASH: u64 = 0x009a_b249_715a_a900;
    // Vertex counts and hashes of the meshes as they were drawn before
    // levels had floors.
    let house = scene_mesh(&Level::default_house());
    let maze = scene_mesh(&Level::maze(12, 9, 3).expect("a maze"));
    let drawn = (
        house.vertices.len(),
        mesh_hash(&house),
        maze.vertices.len(),
        mesh_hash(&maze),
    );
    assert_eq!(
        drawn,
        (HOUSE_VERTICES, HOUSE_HASH, MAZE_VERTICES, MAZE_HASH),
        "{drawn:#x?}"
    );
    // And every face of them in the whole of the light.
    let lights = house.vertices.iter().chain(&maze.vertices);
    assert!(
        lights
            .map(|vertex| vertex.floor_light)
            .all(|light| light == 1.0)
    );
}

/// The area of the triangles of `mesh` lying flat at height `y` and
/// facing up (or down), with what they are painted with.
fn flat_area(mesh: &SceneMesh, y: f32, facing_up: bool) -> f32 {
    let normal = if facing_up { 1.0 } else { -1.0 };
    triangles(mesh)
        .filter(|t| {
            t.iter()
                .all(|v| v.position[1] == y && v.normal[1] == normal)
        })
        .map(|[p, q, r]| {
            let plan = |v: &MeshVertex| Vec2::new(v.position[0], v.position[2]);
            (plan(q) - plan(p)).perp_dot(plan(r) - plan(p)).abs() / 2.0
        })
        .sum()
}

/// A level of `floors` (`[[floor]]` tables) around a start at (11, 7).
fn level_with_floors(floors: &str, ground: bool) -> Level {
    level(&format!(
        "[player]\nstart = [11.0, 7.0]\n[environment]\nground = {ground}\n{floors}"
    ))
}

/// An L-shaped floor 0.5 m high (clockwise, across the chunks' border at
/// x = 16) holding a square island 1 m high, also across it.
const FLOOR_WITH_ISLAND: &str = "\
    [[floor]]\npoints = [[10, 2], [10, 14], [22, 14], [22, 8], [18, 8], [18, 2]]\n\
    height = 0.5\nceiling = 3.0\n\
    [[floor]]\npoints = [[14, 3], [17, 3], [17, 6], [14, 6]]\nheight = 1.0\nceiling = 2.5\n";

#[test]
fn a_floor_top_leaves_its_islands_out_and_its_ceiling_covers_it_alike() {
    let level = level_with_floors(FLOOR_WITH_ISLAND, true);
    let mesh = scene_mesh(&level);
    let l_shape = 12.0 * 8.0 + 4.0 * 6.0;
    let island = 3.0 * 3.0;
    let close = |got: f32, want: f32| (got - want).abs() < 1e-3;
    let top = flat_area(&mesh, 0.5, true);
    assert!(close(top, l_shape - island), "{top}");
    assert!(close(flat_area(&mesh, 3.0, false), l_shape - island));
    assert!(close(flat_area(&mesh, 1.0, true), island));
    assert!(close(flat_area(&mesh, 2.5, false), island));
    // The ground covers the plan (the floors' corners and a metre
    // around them) but where the floors are.
    let plan = (22.0 - 10.0 + 2.0) * (14.0 - 2.0 + 2.0);
    let ground = flat_area(&mesh, 0.0, true);
    assert!(close(ground, plan - l_shape), "{ground}");
    // Without the ground, nothing lies outside the floors.
    let void = scene_mesh(&level_with_floors(FLOOR_WITH_ISLAND, false));
    assert_eq!(flat_area(&void, 0.0, true), 0.0);
    assert!(close(flat_area(&void, 0.5, true), l_shape - island));
}

/// The upright faces of `mesh` along the line x = `x`, looking along
/// `normal_x`: each one's lowest and highest y, and its material (both
/// triangles of a quad give the same).
fn faces_along_x(mesh: &SceneMesh, x: f32, normal_x: f32) -> Vec<(f32, f32, usize)> {
    let mut faces = Vec::new();
    for batch in &mesh.batches {
        let indices = &mesh.indices[batch.indices.start as usize..batch.indices.end as usize];
        for triangle in indices.chunks_exact(3) {
            let corners: Vec<&MeshVertex> = triangle
                .iter()
                .map(|&i| &mesh.vertices[i as usize])
                .collect();
            let upright = corners
                .iter()
                .all(|v| v.position[0] == x && v.normal == [normal_x, 0.0, 0.0]);
            if upright {
                let ys = corners.iter().map(|v| v.position[1]);
                let low = ys.clone().fold(f32::INFINITY, f32::min);
                let high = ys.fold(f32::NEG_INFINITY, f32::max);
                faces.push((low, high, batch.material.index()));
            }
        }
    }
    faces.sort_by(|a, b| a.partial_cmp(b).expect("finite"));
    faces.dedup();
    faces
}

#[test]
fn risers_span_the_two_floors_and_headers_the_two_ceilings() {
    let platform = "[[floor]]\npoints = [[10, 6], [12, 6], [12, 8], [10, 8]]\n\
        height = 0.5\nceiling = 2.4\nside_material = \"brick\"\n";
    let level = level_with_floors(platform, true);
    let brick = level
        .materials
        .iter()
        .position(|m| m.name == "brick")
        .expect("brick");
    let mesh = scene_mesh(&level);
    // Along the platform's side at x = 12: the riser from the ground up
    // to the platform looks out, onto the lower ground; so does the
    // header from the platform's low ceiling up to the ground's, under
    // the higher ceiling.
    assert_eq!(
        faces_along_x(&mesh, 12.0, 1.0),
        [(0.0, 0.5, brick), (2.4, 2.8, brick)]
    );
    assert_eq!(faces_along_x(&mesh, 12.0, -1.0), []);
    // Against the void the side is a wall from its floor to its ceiling.
    let mesh = scene_mesh(&level_with_floors(platform, false));
    assert_eq!(faces_along_x(&mesh, 12.0, 1.0), []);
    assert_eq!(faces_along_x(&mesh, 12.0, -1.0), [(0.5, 2.4, brick)]);
}

#[test]
fn chunks_with_floors_hold_their_meshes_in_their_boxes() {
    let floors = "[[floor]]\npoints = [[10, 2], [22, 2], [22, 12], [10, 12]]\n\
        height = 5.0\nceiling = 9.0\n\
        [[floor]]\npoints = [[12, 4], [20, 4], [20, 10], [12, 10]]\n\
        height = -2.0\nceiling = 1.0\n";
    let level = level_with_floors(floors, true);
    let index = ChunkIndex::new(&level);
    let whole = scene_mesh(&level);
    let mut triangles = 0;
    for chunk in index.all_chunks() {
        let mesh = chunk_mesh(&level, &index, chunk);
        let bounds = index.bounds(chunk).expect("a listed chunk holds something");
        for vertex in &mesh.vertices {
            let p = Vec3::from(vertex.position);
            assert!(
                p.cmpge(bounds.min).all() && p.cmple(bounds.max).all(),
                "{p} outside {chunk:?}'s {bounds:?}"
            );
        }
        triangles += mesh.indices.len();
    }
    assert_eq!(triangles, whole.indices.len());
    assert!(index.batch_count() >= whole.batches.len());
    // The floor at 5 m and the one sunk to -2 m both cross x = 16.
    for chunk in [(0, 0), (1, 0)] {
        let bounds = index.bounds(chunk).expect("a chunk of the plan");
        assert!(bounds.min.y <= -2.0 && bounds.max.y >= 9.0, "{bounds:?}");
    }
}

/// A star-shaped outline around `centre`: a corner at each of `radii`,
/// at even turns, clockwise or not; concave as the radii vary.
fn star(centre: Vec2, radii: &[f32], clockwise: bool) -> Vec<Vec2> {
    let turn = std::f32::consts::TAU / radii.len() as f32;
    let sign = if clockwise { -1.0 } else { 1.0 };
    radii
        .iter()
        .enumerate()
        .map(|(i, &r)| centre + Vec2::from_angle(sign * turn * i as f32) * r)
        .collect()
}

fn toml_points(points: &[Vec2]) -> String {
    let listed: Vec<String> = points
        .iter()
        .map(|p| format!("[{:?}, {:?}]", p.x, p.y))
        .collect();
    format!("[{}]", listed.join(", "))
}

fn polygon_area(points: &[Vec2]) -> f32 {
    let wide: Vec<glam::DVec2> = points.iter().map(|p| p.as_dvec2()).collect();
    crate::collision::outline::signed_area(&wide).abs() as f32
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(24))]

    /// Any concave floor with an island, side by side with a step, either
    /// winding, across chunks: each top covers its floor but its islands,
    /// and the ground the plan but the floors.
    #[test]
    fn floor_tops_cover_their_floors_but_their_islands(
        outer in proptest::collection::vec(6.0_f32..14.0, 5..12),
        inner in proptest::collection::vec(1.0_f32..3.0, 3..8),
        centre_x in 8.0_f32..24.0,
        clockwise in proptest::bool::ANY,
    ) {
        let centre = Vec2::new(centre_x, 16.5);
        let room = star(centre, &outer, clockwise);
        let island = star(centre + Vec2::new(1.0, 0.5), &inner, !clockwise);
        // A step beside the room, sharing part of its plan's box edge.
        let east = room.iter().fold(f32::NEG_INFINITY, |m, p| m.max(p.x));
        let step = [
            Vec2::new(east, 10.0),
            Vec2::new(east + 3.0, 10.0),
            Vec2::new(east + 3.0, 20.0),
            Vec2::new(east, 20.0),
        ];
        let floors = format!(
            "[[floor]]\npoints = {}\nheight = 0.25\n\
             [[floor]]\npoints = {}\nheight = 0.75\n\
             [[floor]]\npoints = {}\nheight = 0.125\n",
            toml_points(&room),
            toml_points(&island),
            toml_points(&step),
        );
        let text = format!("[player]\nstart = [{:?}, 16.5]\n{floors}", centre_x + 1.0);
        let level = level(&text);
        let mesh = scene_mesh(&level);
        let close = |got: f32, want: f32| (got - want).abs() < 1e-3 * want.max(1.0);
        let (room_area, island_area) = (polygon_area(&room), polygon_area(&island));
        let top = flat_area(&mesh, 0.25, true);
        proptest::prop_assert!(close(top, room_area - island_area), "{top}");
        proptest::prop_assert!(close(flat_area(&mesh, 0.75, true), island_area));
        proptest::prop_assert!(close(flat_area(&mesh, 0.125, true), 30.0));
        let all: Vec<Vec2> = room.iter().chain(&step).copied().collect();
        let min = all.iter().fold(Vec2::INFINITY, |m, &p| m.min(p)) - FLOOR_MARGIN;
        let max = all.iter().fold(Vec2::NEG_INFINITY, |m, &p| m.max(p)) + FLOOR_MARGIN;
        let plan = (max - min).x * (max - min).y;
        let ground = flat_area(&mesh, 0.0, true);
        proptest::prop_assert!(close(ground, plan - room_area - 30.0), "{ground}");
    }
}

/// The texture coordinates, in metres of brick (1.2 m a repeat), of the
/// corner at `x` and height `y` of the face looking along `normal_z` of
/// the only wall of a level whose `[[wall]]` table ends with `keys`.
fn wall_corner_uv(keys: &str, normal_z: f32, (x, y): (f32, f32)) -> Vec2 {
    let mesh = scene_mesh(&level(&format!(
        "[player]\nstart = [0.0, 5.0]\n[[wall]]\na = [0.0, 0.0]\nb = [4.0, 0.0]\n\
         thickness = 0.0\nheight = 2.0\nmaterial = \"brick\"\n{keys}"
    )));
    let corner = mesh
        .vertices
        .iter()
        .find(|v| v.normal == [0.0, 0.0, normal_z] && v.position == [x, y, 0.0])
        .unwrap_or_else(|| panic!("a corner at {x}, {y} facing {normal_z}"));
    Vec2::from(corner.uv) * 1.2
}

#[test]
fn texture_v_runs_down_from_the_pegged_edge_plus_the_offset() {
    use super::faces::texture_v;
    use crate::level::Peg;
    // A face from 1 m up to 3 m.
    assert_eq!(texture_v(Peg::Top, (1.0, 3.0), 0.0, 3.0), 0.0);
    assert_eq!(texture_v(Peg::Top, (1.0, 3.0), 0.0, 1.0), 2.0);
    assert_eq!(texture_v(Peg::Top, (1.0, 3.0), 0.5, 2.0), 1.5);
    assert_eq!(texture_v(Peg::Bottom, (1.0, 3.0), 0.0, 1.0), 0.0);
    assert_eq!(texture_v(Peg::Bottom, (1.0, 3.0), 0.0, 3.0), -2.0);
    assert_eq!(texture_v(Peg::Bottom, (1.0, 3.0), 0.25, 2.5), -1.25);
}

#[test]
fn a_walls_offset_and_peg_place_its_texture_on_both_faces() {
    let close = |found: Vec2, expected: Vec2| {
        assert!(found.distance(expected) < 1e-5, "{found} != {expected}");
    };
    // By default u is the world x on the face looking to −z and −x on
    // the other; v runs down from the top (2 m).
    close(wall_corner_uv("", -1.0, (4.0, 0.0)), Vec2::new(4.0, 2.0));
    close(wall_corner_uv("", 1.0, (4.0, 2.0)), Vec2::new(-4.0, 0.0));
    // An offset adds to both.
    let shifted = "offset = [0.5, 0.25]\n";
    close(
        wall_corner_uv(shifted, -1.0, (4.0, 0.0)),
        Vec2::new(4.5, 2.25),
    );
    close(
        wall_corner_uv(shifted, -1.0, (0.0, 2.0)),
        Vec2::new(0.5, 0.25),
    );
    close(
        wall_corner_uv(shifted, 1.0, (4.0, 2.0)),
        Vec2::new(-3.5, 0.25),
    );
    // Pinned to the bottom, v is 0 (a repeat's end) at the bottom and
    // runs negative up the wall: 2 m up is 2 m before that end.
    let bottom = "peg = \"bottom\"\noffset = [0.0, 0.25]\n";
    close(
        wall_corner_uv(bottom, -1.0, (4.0, 0.0)),
        Vec2::new(4.0, 0.25),
    );
    close(
        wall_corner_uv(bottom, -1.0, (4.0, 2.0)),
        Vec2::new(4.0, -1.75),
    );
    // The edge pinned is where the wall stands: on a base 1 m up, its
    // bottom is at 1 m and its top at 3 m.
    let raised = "peg = \"bottom\"\nbase = 1.0\n";
    close(wall_corner_uv(raised, 1.0, (0.0, 1.0)), Vec2::new(0.0, 0.0));
    close(
        wall_corner_uv(raised, 1.0, (0.0, 3.0)),
        Vec2::new(0.0, -2.0),
    );
    let raised_top = "base = 1.0\n";
    close(
        wall_corner_uv(raised_top, 1.0, (0.0, 1.0)),
        Vec2::new(0.0, 2.0),
    );
}

/// Two floors side by side along x = 12 in the void: a low one (x 10 to
/// 12, floor 0, ceiling 3) whose edge 1 along x = 12 has the `sides` entry
/// `entry`, and a high one (x 12 to 14, floor 0.5, ceiling 2.4).
fn step_with_entry(entry: &str) -> Level {
    level_with_floors(
        &format!(
            "[[floor]]\npoints = [[10, 4], [12, 4], [12, 10], [10, 10]]\n\
             height = 0.0\nceiling = 3.0\nsides = [{{}}, {{ {entry} }}]\n\
             [[floor]]\npoints = [[12, 4], [14, 4], [14, 10], [12, 10]]\n\
             height = 0.5\nceiling = 2.4\nside_material = \"tiles\"\n"
        ),
        false,
    )
}

/// The corners of the upright faces of `level`'s mesh along x = 12 that
/// look to −x, into the low floor: each one's material and (z, y, u, v),
/// the texture in metres.
fn step_corners(level: &Level) -> Vec<(usize, [f32; 4])> {
    let mesh = scene_mesh(level);
    let mut corners: Vec<(usize, [f32; 4])> = Vec::new();
    for batch in &mesh.batches {
        let repeat = level.materials[batch.material.index()].metres_per_repeat;
        let indices = &mesh.indices[batch.indices.start as usize..batch.indices.end as usize];
        corners.extend(
            indices
                .iter()
                .map(|&i| &mesh.vertices[i as usize])
                .filter(|v| v.position[0] == 12.0 && v.normal == [-1.0, 0.0, 0.0])
                .map(|v| {
                    let [_, y, z] = v.position;
                    (
                        batch.material.index(),
                        [z, y, v.uv[0] * repeat.x, v.uv[1] * repeat.y],
                    )
                }),
        );
    }
    corners.sort_by(|a, b| a.partial_cmp(b).expect("finite"));
    corners.dedup();
    corners
}

/// The v, in metres, at height `y` on the faces of `material` among
/// `corners` (`NaN` where none has a corner there).
fn v_at(corners: &[(usize, [f32; 4])], material: usize, y: f32) -> f32 {
    corners
        .iter()
        .find(|(m, c)| *m == material && (c[1] - y).abs() < 1e-6)
        .map_or(f32::NAN, |(_, c)| c[3])
}

#[test]
fn a_floors_side_entry_paints_the_riser_and_header_it_sees_and_pegs_their_textures() {
    let id = |level: &Level, name: &str| {
        (level.materials.iter())
            .position(|m| m.name == name)
            .expect("a builtin")
    };
    let close = |got: f32, want: f32| (got - want).abs() < 1e-5;
    // Without materials in the entry, both faces take the high floor's
    // side material (the riser's owner; the header's, under the lower
    // ceiling), and hang from the ground.
    let plain = step_with_entry("");
    let tiles = id(&plain, "tiles");
    let faces = step_corners(&plain);
    assert_eq!(faces.len(), 8, "two faces' corners: {faces:?}");
    assert!(faces.iter().all(|(m, _)| *m == tiles), "{faces:?}");
    assert!(close(v_at(&faces, tiles, 0.5), -0.5));
    assert!(close(v_at(&faces, tiles, 2.4), -2.4));
    // The entry's lower paints the riser, its upper the header; u runs
    // along the edge by world coordinate (the face runs towards −z)
    // plus the offset; pegged at their edges, the riser's texture hangs
    // from its top, the header's rests on its bottom.
    let entry = "lower = \"brick\", upper = \"wood\", offset = [0.25, 0.125], \
                 lower_peg = \"edge\", upper_peg = \"edge\"";
    let level = step_with_entry(entry);
    let (brick, wood) = (id(&level, "brick"), id(&level, "wood"));
    let faces = step_corners(&level);
    let on = |material: usize, y: f32| {
        faces
            .iter()
            .filter(move |(m, c)| *m == material && c[1] == y)
    };
    assert_eq!(on(brick, 0.0).chain(on(brick, 0.5)).count(), 4, "{faces:?}");
    assert_eq!(on(wood, 2.4).chain(on(wood, 3.0)).count(), 4, "{faces:?}");
    assert_eq!(faces.len(), 8, "{faces:?}");
    for (_, corner) in &faces {
        assert!(close(corner[2], -corner[0] + 0.25), "{corner:?}");
    }
    assert!(close(v_at(&faces, brick, 0.5), 0.125), "{faces:?}");
    assert!(close(v_at(&faces, brick, 0.0), 0.625), "{faces:?}");
    assert!(close(v_at(&faces, wood, 2.4), 0.125), "{faces:?}");
    assert!(close(v_at(&faces, wood, 3.0), -0.475), "{faces:?}");
    // Pegged at the low floor's ceiling (Doom's unpegged), both hang
    // from its 3 m.
    let entry = "lower = \"brick\", upper = \"wood\", offset = [0.25, 0.125], \
                 lower_peg = \"ceiling\", upper_peg = \"ceiling\"";
    let faces = step_corners(&step_with_entry(entry));
    assert!(close(v_at(&faces, brick, 0.5), 2.625), "{faces:?}");
    assert!(close(v_at(&faces, brick, 0.0), 3.125), "{faces:?}");
    assert!(close(v_at(&faces, wood, 3.0), 0.125), "{faces:?}");
    assert!(close(v_at(&faces, wood, 2.4), 0.725), "{faces:?}");
}

#[test]
fn a_side_entry_paints_nothing_on_the_far_side_of_its_edge() {
    // The high floor's faces along x = 12 look into the low floor only:
    // an entry on the high floor's edge there (edge 3, from (12, 10) to
    // (12, 4)) looks into the high floor, which sees no riser or header.
    let level = level_with_floors(
        "[[floor]]\npoints = [[10, 4], [12, 4], [12, 10], [10, 10]]\n\
         height = 0.0\nceiling = 3.0\n\
         [[floor]]\npoints = [[12, 4], [14, 4], [14, 10], [12, 10]]\n\
         height = 0.5\nceiling = 2.4\nside_material = \"tiles\"\n\
         sides = [{}, {}, {}, { lower = \"brick\", upper = \"wood\" }]\n",
        false,
    );
    let tiles = (level.materials.iter())
        .position(|m| m.name == "tiles")
        .expect("a builtin");
    let faces = step_corners(&level);
    assert_eq!(faces.len(), 8, "two faces' corners: {faces:?}");
    assert!(faces.iter().all(|(m, _)| *m == tiles), "{faces:?}");
}

/// A material `panel` 1 m wide and 2 m high (`[[material]]` text).
const PANEL_1_BY_2: &str = "[[material]]\nname = \"panel\"\nbuiltin = \"brick\"\n\
                            metres_per_repeat = [1.0, 2.0]\n";

/// The texture coordinates (in repeats) of `mesh`'s vertex at `position`
/// facing `normal`.
fn uv_at(mesh: &SceneMesh, position: [f32; 3], normal: [f32; 3]) -> [f32; 2] {
    mesh.vertices
        .iter()
        .find(|v| v.position == position && v.normal == normal)
        .unwrap_or_else(|| panic!("a vertex at {position:?} facing {normal:?}"))
        .uv
}

#[test]
fn a_wall_of_a_material_twice_as_high_as_wide_shows_one_repeat_up_it_and_one_a_metre_along() {
    let mesh = scene_mesh(&level(&format!(
        "[player]\nstart = [0.0, 5.0]\n{PANEL_1_BY_2}[[wall]]\na = [0.0, 0.0]\nb = [4.0, 0.0]\n\
         thickness = 0.0\nheight = 2.0\nmaterial = \"panel\"\n"
    )));
    let facing = [0.0, 0.0, -1.0];
    // v runs down from 0 at the top to 1 at the bottom, 2 m below; u is
    // the metres along the wall.
    assert_eq!(uv_at(&mesh, [0.0, 2.0, 0.0], facing), [0.0, 0.0]);
    assert_eq!(uv_at(&mesh, [0.0, 0.0, 0.0], facing), [0.0, 1.0]);
    assert_eq!(uv_at(&mesh, [4.0, 2.0, 0.0], facing), [4.0, 0.0]);
    assert_eq!(uv_at(&mesh, [4.0, 0.0, 0.0], facing), [4.0, 1.0]);
}

#[test]
fn risers_floors_and_moving_shapes_take_the_materials_size_along_and_down() {
    let level = level_with_floors(
        &format!(
            "{PANEL_1_BY_2}[[floor]]\npoints = [[10, 4], [12, 4], [12, 10], [10, 10]]\n\
             height = 0.0\nceiling = 3.0\nmaterial = \"panel\"\n\
             sides = [{{}}, {{ lower = \"panel\", lower_peg = \"edge\" }}]\n\
             [[floor]]\npoints = [[12, 4], [14, 4], [14, 10], [12, 10]]\n\
             height = 0.5\nceiling = 2.4\n"
        ),
        false,
    );
    let mesh = scene_mesh(&level);
    // The riser from 0 to 0.5 m hangs from its top: 0.5 m down is a
    // quarter of the 2 m repeat; along it, u is −z in metres.
    let riser = [-1.0, 0.0, 0.0];
    assert_eq!(uv_at(&mesh, [12.0, 0.5, 4.0], riser), [-4.0, 0.0]);
    assert_eq!(uv_at(&mesh, [12.0, 0.0, 10.0], riser), [-10.0, 0.25]);
    // The floor: u along x every 1 m, v along z every 2 m.
    let up = [0.0, 1.0, 0.0];
    assert_eq!(uv_at(&mesh, [10.0, 0.0, 10.0], up), [10.0, 5.0]);
    // A door's leaf or a lift's solid: a prism 1 m high, its faces'
    // texture hung from its top.
    let panel = (level.materials.iter())
        .position(|m| m.name == "panel")
        .expect("declared");
    let shape = MovingShape {
        outline: vec![
            Vec2::new(0.0, 0.0),
            Vec2::new(1.0, 0.0),
            Vec2::new(1.0, 1.0),
            Vec2::new(0.0, 1.0),
        ],
        height: 1.0,
        material: crate::level::MaterialId::at(panel),
        base: Some(0.0),
        shadow_height: None,
    };
    let moving = moving_mesh(&level, &[shape]);
    let front = [0.0, 0.0, -1.0];
    assert_eq!(uv_at(&moving, [1.0, 0.0, 0.0], front), [1.0, 0.5]);
    assert_eq!(uv_at(&moving, [1.0, 1.0, 0.0], front), [1.0, 0.0]);
}
