//! The meshes built: winding, walls, texture repeats, chunks, the floor
//! plan and the light cache.

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
    for [p, q, r] in triangles(&mesh) {
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
