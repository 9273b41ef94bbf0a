//! The meshes of a level: every chunk of it, one chunk as the eye comes
//! near, and the moving shapes of a frame, each collected by chunk and
//! material and concatenated into one mesh with its light cache.

use std::collections::BTreeMap;

use glam::{Vec2, Vec3};

use crate::collision::Span;

use super::super::light_layout::{FaceFrame, LightLayout};
use super::super::model::{Level, MaterialId};
use super::chunk_index::ChunkIndex;
use super::chunks::chunk_of;
use super::edge_faces::{Paint, edge_faces};
use super::faces::MaterialBatch;
use super::floor_filing::Surfaces;
use super::floor_lights::FloorLights;
use super::scene_mesh::{Batch, BatchKind, Bounds, SceneMesh};

/// A wall top is drawn only where the wall stops this far below the ceiling.
const MIN_GAP_FOR_WALL_TOP: f32 = 1e-3;

/// Builds the render mesh of `level`: the same walls and obstacles the
/// collider gets from [`Level::collider`], every chunk of it.
pub fn scene_mesh(level: &Level) -> SceneMesh {
    let index = ChunkIndex::new(level);
    let mut chunks: Vec<(i32, i32)> = index.all_chunks().collect();
    chunks.sort_unstable();
    let mut builder = MeshBuilder::default();
    for chunk in chunks {
        builder.add_chunk(level, &index, chunk);
    }
    builder.finish(&FloorLights::of(level))
}

/// Builds the mesh of one chunk of `level` (filed by `index`, which must
/// have been made from `level`): its walls, obstacles, floor and ceiling.
/// Streaming builds chunks near the eye this way, on demand.
pub fn chunk_mesh(level: &Level, index: &ChunkIndex, chunk: (i32, i32)) -> SceneMesh {
    let mut builder = MeshBuilder::default();
    builder.add_chunk(level, index, chunk);
    builder.finish(&FloorLights::of(level))
}

/// A shape that moves (a door's leaf, a loose body), as a frame draws it:
/// a convex outline, counter-clockwise on the plan, standing from the
/// floor.
#[derive(Debug, Clone, PartialEq)]
pub struct MovingShape {
    /// The outline where the shape stands this frame (at least one point).
    pub outline: Vec<Vec2>,
    /// Its height in metres.
    pub height: f32,
    /// What it is painted with (an index into `level.materials`).
    pub material: MaterialId,
    /// Where its bottom stands: its item's `base`; `None`, the lowest
    /// floor under its outline this frame.
    pub base: Option<f32>,
    /// How it stands in lamps' light: `None` casts no shadow (an open or
    /// moving door, a moving body); `Some(height)` casts the shadow of a
    /// shape that tall, as a fixed obstacle does (a body at rest); a
    /// closed door stops the light whatever its height (`f32::INFINITY`).
    pub shadow_height: Option<f32>,
}

impl MovingShape {
    /// Where its bottom stands in `level`: its `base`, else the lowest
    /// floor under its outline.
    pub fn base_in(&self, level: &Level) -> f32 {
        self.base.unwrap_or_else(|| level.base_under(&self.outline))
    }
}

/// The mesh of `shapes`, painted with `level`'s materials: prisms, as
/// obstacles are drawn, in batches by chunk and material. Made anew each
/// frame in which they move.
pub fn moving_mesh(level: &Level, shapes: &[MovingShape]) -> SceneMesh {
    let mut builder = MeshBuilder::default();
    for shape in shapes {
        let Some(&first) = shape.outline.first() else {
            continue;
        };
        let key = (chunk_of(first), BatchKind::Shapes);
        let base = shape.base_in(level);
        builder
            .part(key, shape.material, repeat_size(level, shape.material))
            .prism(&shape.outline, (base, base + shape.height));
    }
    builder.finish(&FloorLights::of(level))
}

/// The world size of one repeat of `material`'s texture in `level`
/// (along and down), or 1 m each way for a material it lacks.
fn repeat_size(level: &Level, material: MaterialId) -> Vec2 {
    level
        .materials
        .get(material.index())
        .map_or(Vec2::ONE, |material| material.metres_per_repeat)
}

/// Collects parts by chunk and material, in a deterministic order.
#[derive(Debug, Default)]
struct MeshBuilder {
    parts: BTreeMap<(PartKey, usize), MaterialBatch>,
}

/// What a part is filed under besides its material: its chunk and kind.
type PartKey = ((i32, i32), BatchKind);

impl MeshBuilder {
    /// Adds the walls, obstacles, floors and ceilings of `chunk`, and the
    /// upright faces along the edges between floors.
    fn add_chunk(&mut self, level: &Level, index: &ChunkIndex, chunk: (i32, i32)) {
        let repeat = |material| repeat_size(level, material);
        let environment = &level.environment;
        let key = (chunk, BatchKind::Shapes);
        for wall in index
            .walls_in(chunk)
            .into_iter()
            .filter_map(|i| level.walls.get(i))
            .filter(|wall| wall.drawn())
        {
            let base = level.wall_base(wall);
            let kind = match wall.see_through() {
                true => BatchKind::SeeThrough,
                false => BatchKind::Shapes,
            };
            self.part((chunk, kind), wall.material, repeat(wall.material))
                .wall(
                    (wall.a, wall.b),
                    wall.thickness,
                    (base, base + wall.height),
                    wall.alignment(),
                    wall.height < environment.ceiling_height - MIN_GAP_FOR_WALL_TOP,
                );
        }
        let obstacles = index
            .fixed_obstacles_in(level, chunk)
            .into_iter()
            .filter_map(|i| level.obstacles.get(i));
        for obstacle in obstacles {
            let points = obstacle.polygon.points();
            let base = level.obstacle_base(obstacle);
            self.part(key, obstacle.material, repeat(obstacle.material))
                .prism(points, (base, base + obstacle.height));
        }
        let key = (chunk, BatchKind::FloorAndCeiling);
        for piece in index.floor_pieces(chunk) {
            let Some(surfaces) = Surfaces::of(level, piece.floor) else {
                continue;
            };
            let Span { floor, ceiling } = surfaces.span;
            self.part(key, surfaces.floor, repeat(surfaces.floor)).flat(
                &piece.outline,
                floor,
                true,
            );
            if let Some(material) = surfaces.drawn_ceiling() {
                self.part(key, material, repeat(material))
                    .flat(&piece.outline, ceiling, false);
            }
        }
        for edge in index.edge_pieces(chunk) {
            let side = |floor| Surfaces::edge_side(level, floor, (edge.a, edge.b));
            for face in edge_faces(edge.a, edge.b, side(edge.left), side(edge.right)) {
                // A level without a sky draws no sky face: the other
                // floor shows above the opening.
                let part = match face.paint {
                    Paint::Material(material) => self.part(key, material, repeat(material)),
                    Paint::Sky => match environment.sky {
                        Some(sky) => self.part((chunk, BatchKind::Sky), sky, Vec2::ONE),
                        None => continue,
                    },
                };
                part.band(face.from, face.to, (face.bottom, face.top), face.texture);
            }
        }
    }

    fn part(
        &mut self,
        key: PartKey,
        material: MaterialId,
        metres_per_repeat: Vec2,
    ) -> &mut MaterialBatch {
        self.parts
            .entry((key, material.index()))
            .or_insert_with(|| MaterialBatch {
                metres_per_repeat: Vec2::select(
                    metres_per_repeat.cmpgt(Vec2::ZERO),
                    metres_per_repeat,
                    Vec2::ONE,
                ),
                vertices: Vec::new(),
                indices: Vec::new(),
                bounds: Bounds::EMPTY,
                faces: Vec::new(),
                vertex_faces: Vec::new(),
            })
    }

    /// Concatenates the parts into one mesh, lays out every face's
    /// light in one light cache, and gives each face its floor's light
    /// (`lights`).
    fn finish(self, lights: &FloorLights) -> SceneMesh {
        let parts: Vec<_> = self
            .parts
            .into_iter()
            .filter(|(_, part)| !part.indices.is_empty())
            .collect();
        let faces: Vec<FaceFrame> = parts
            .iter()
            .flat_map(|(_, part)| part.faces.iter().copied())
            .collect();
        let light = LightLayout::pack(&faces);
        let cache_size = Vec2::new(light.size.0 as f32, light.size.1 as f32).max(Vec2::ONE);
        let mut mesh = SceneMesh {
            light,
            ..SceneMesh::default()
        };
        let mut first_face = 0;
        for (((chunk, kind), material), mut part) in parts {
            let mut corner_sums = vec![(Vec3::ZERO, 0.0f32); part.faces.len()];
            for (vertex, &face) in part.vertices.iter().zip(&part.vertex_faces) {
                if let Some((sum, count)) = corner_sums.get_mut(face as usize) {
                    *sum += Vec3::from(vertex.position);
                    *count += 1.0;
                }
            }
            let floor_lights: Vec<f32> = (corner_sums.iter().zip(&part.faces))
                .map(|(&(sum, count), frame)| lights.on_face(sum / count.max(1.0), frame.normal))
                .collect();
            for (vertex, &face) in part.vertices.iter_mut().zip(&part.vertex_faces) {
                vertex.floor_light = floor_lights
                    .get(face as usize)
                    .copied()
                    .unwrap_or(crate::level::defaults::FLOOR_LIGHT);
                // A face left out of the cache (none laid out) samples its
                // first texel.
                let texel = mesh
                    .light
                    .patches
                    .get(first_face + face as usize)
                    .map_or(Vec2::ZERO, |patch| patch.texel(Vec2::from(vertex.light_uv)));
                vertex.light_uv = (texel / cache_size).to_array();
            }
            first_face += part.faces.len();
            let base = mesh.vertices.len() as u32;
            let first = mesh.indices.len() as u32;
            mesh.vertices.extend(part.vertices);
            mesh.indices.extend(part.indices.iter().map(|i| base + i));
            mesh.batches.push(Batch {
                chunk,
                kind,
                material: MaterialId::at(material),
                bounds: part.bounds,
                indices: first..mesh.indices.len() as u32,
            });
        }
        mesh
    }
}
