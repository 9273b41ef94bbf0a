//! A level's floors as the chunks draw them: the edges between floors
//! filed under every chunk they may cross, and what a chunk's floor and
//! ceiling pieces and its edges' upright faces are made of.

use std::collections::{HashMap, HashSet};

use glam::{DVec2, Vec2};

use super::super::model::{Level, LevelFloor, MaterialId};
use super::chunks::{CHUNK_SIZE, chunk_of};
use super::edge_faces::EdgeSide;
use super::floor_pieces::{FloorPiece, floor_pieces};
use crate::collision::{HeightEdge, Heights, Span};

/// How far (in metres) a piece of an edge between floors may lie from the
/// outline edge it was cut from: the pieces' ends are cut and stored in
/// single precision.
const ON_OUTLINE: f32 = 1e-3;

/// A level's floors filed by chunk. Without floors it files nothing, and
/// every chunk's floor plan is one rectangle of ground.
#[derive(Debug, Clone, Default)]
pub(super) struct FloorFiling {
    heights: Heights,
    /// Per chunk, the edges (by their places in `heights.edges()`) whose
    /// box reaches into its square.
    edges: HashMap<(i32, i32), Vec<u32>>,
    /// Per chunk that files an edge, how many materials its floor pieces
    /// and upright faces may be painted with, at most.
    materials: HashMap<(i32, i32), usize>,
    /// The most materials the floor and ceiling of a chunk no edge
    /// crosses are painted with.
    plain_materials: usize,
    /// The lowest floor and the highest ceiling anything is drawn at: the
    /// ground's and every floor's.
    reach: (f32, f32),
}

/// The floor, ceiling and materials over a piece of the floor plan.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) struct Surfaces {
    /// Its floor's and ceiling's heights.
    pub(super) span: Span,
    /// The floor's material.
    pub(super) floor: MaterialId,
    /// The ceiling's material.
    pub(super) ceiling: MaterialId,
    /// The material of its edges' faces; `None` for the ground.
    pub(super) side: Option<MaterialId>,
    /// Whether its ceiling is open sky, drawn by no face.
    pub(super) sky: bool,
}

impl Surfaces {
    /// What lies over `floor` of `level` (an index into its floors, or
    /// `None` outside every floor), a lift's floor down at its `low`;
    /// `None` for the void.
    pub(super) fn of(level: &Level, floor: Option<usize>) -> Option<Self> {
        let environment = &level.environment;
        match floor {
            Some(index) => level.floors.get(index).map(|floor| Self {
                span: Span {
                    floor: level.drawn_floor_height(index).unwrap_or(floor.height),
                    ceiling: floor.ceiling,
                },
                floor: floor.material,
                ceiling: floor.ceiling_material,
                side: Some(floor.side_material),
                sky: floor.sky,
            }),
            None => environment.ground.then_some(Self {
                span: Span {
                    floor: 0.0,
                    ceiling: environment.ceiling_height,
                },
                floor: environment.floor,
                ceiling: environment.ceiling,
                side: None,
                sky: false,
            }),
        }
    }

    /// The ceiling's material, `None` where the ceiling is open sky.
    pub(super) fn drawn_ceiling(self) -> Option<MaterialId> {
        (!self.sky).then_some(self.ceiling)
    }

    /// The materials it is painted with.
    fn materials(self) -> impl Iterator<Item = MaterialId> {
        [Some(self.floor), self.drawn_ceiling(), self.side]
            .into_iter()
            .flatten()
    }

    /// The side of the edge piece `a`–`b` that lies over `floor` of
    /// `level` (as [`Self::of`] takes it), as the edge's faces need it:
    /// with the `sides` entry of the floor's edge that holds the piece.
    pub(super) fn edge_side(level: &Level, floor: Option<usize>, (a, b): (Vec2, Vec2)) -> EdgeSide {
        let surfaces = Self::of(level, floor);
        let side = floor
            .and_then(|index| level.floors.get(index))
            .filter(|floor| !floor.sides.is_empty())
            .and_then(|floor| Some(floor.side(floor.edge_holding(a, b, ON_OUTLINE)?)))
            .unwrap_or_default();
        EdgeSide {
            span: surfaces.map(|s| s.span),
            side_material: surfaces.and_then(|s| s.side),
            sky: surfaces.is_some_and(|s| s.sky),
            side,
        }
    }
}

impl FloorFiling {
    /// Files the edges between `level`'s floors.
    pub(super) fn new(level: &Level) -> Self {
        let heights = level.heights();
        let mut edges: HashMap<(i32, i32), Vec<u32>> = HashMap::new();
        for (index, edge) in heights.edges().iter().enumerate() {
            let (low, high) = (chunk_of(edge.a.min(edge.b)), chunk_of(edge.a.max(edge.b)));
            for z in low.1..=high.1 {
                for x in low.0..=high.0 {
                    edges.entry((x, z)).or_default().push(index as u32);
                }
            }
        }
        let surfaces = |floor| Surfaces::of(level, floor);
        let materials = edges
            .iter()
            .map(|(&chunk, list)| {
                let sides: Vec<Surfaces> = list
                    .iter()
                    .map(|&i| &heights.edges()[i as usize])
                    .flat_map(|edge| [surfaces(edge.left), surfaces(edge.right)])
                    .flatten()
                    .collect();
                let named = list
                    .iter()
                    .map(|&i| &heights.edges()[i as usize])
                    .flat_map(|edge| [edge.left, edge.right])
                    .flatten()
                    .filter_map(|floor| level.floors.get(floor))
                    .flat_map(LevelFloor::materials);
                let used: HashSet<MaterialId> = sides
                    .iter()
                    .flat_map(|s| s.materials())
                    .chain(named)
                    .collect();
                // Faces painted with the sky are a batch of their own.
                let sky_faces = usize::from(sides.iter().any(|s| s.sky));
                (chunk, used.len() + sky_faces)
            })
            .collect();
        let everywhere = || (0..level.floors.len()).map(Some).chain([None]);
        let plain_materials = everywhere()
            .filter_map(surfaces)
            .map(|s| {
                let drawn: HashSet<MaterialId> = [s.floor, s.ceiling].into();
                drawn.len()
            })
            .max()
            .unwrap_or(0);
        Self {
            heights,
            edges,
            materials,
            plain_materials,
            reach: level.height_reach(),
        }
    }

    /// The lowest floor and the highest ceiling anything is drawn at.
    pub(super) fn reach(&self) -> (f32, f32) {
        self.reach
    }

    /// How many materials the floor pieces and upright faces of `chunk`
    /// are painted with, at most.
    pub(super) fn materials_in(&self, chunk: (i32, i32)) -> usize {
        self.materials
            .get(&chunk)
            .copied()
            .unwrap_or(self.plain_materials)
    }

    /// The edges that may cross `chunk`'s square.
    fn edges_near(&self, chunk: (i32, i32)) -> impl Iterator<Item = &HeightEdge> {
        let all = self.heights.edges();
        let list = self.edges.get(&chunk).map_or(&[][..], Vec::as_slice);
        list.iter().filter_map(|&i| all.get(i as usize))
    }

    /// The rectangle `min`..`max` of `chunk`'s square cut into convex
    /// pieces, each over one floor (see [`floor_pieces`]).
    pub(super) fn floor_pieces(&self, chunk: (i32, i32), min: Vec2, max: Vec2) -> Vec<FloorPiece> {
        let near: Vec<HeightEdge> = self.edges_near(chunk).copied().collect();
        floor_pieces(min, max, &near, |p| self.heights.floor_at(p))
    }

    /// The pieces of the edges between floors that lie in `chunk`'s
    /// square: each edge cut at the chunk's borders, each piece filed
    /// under the chunk that holds its middle.
    pub(super) fn edge_pieces(&self, chunk: (i32, i32)) -> Vec<HeightEdge> {
        let min = DVec2::new(chunk.0 as f64, chunk.1 as f64) * f64::from(CHUNK_SIZE);
        let max = min + f64::from(CHUNK_SIZE);
        self.edges_near(chunk)
            .filter_map(|edge| {
                let (a, b) = segment_in_box(edge.a.as_dvec2(), edge.b.as_dvec2(), min, max)?;
                let (a, b) = (a.as_vec2(), b.as_vec2());
                (a != b && chunk_of((a + b) / 2.0) == chunk).then_some(HeightEdge { a, b, ..*edge })
            })
            .collect()
    }
}

/// The part of the segment `a`→`b` inside the box `min`..`max`
/// (Liang–Barsky), in the same direction; its ends are `a` and `b`
/// themselves where they lie inside.
fn segment_in_box(a: DVec2, b: DVec2, min: DVec2, max: DVec2) -> Option<(DVec2, DVec2)> {
    let d = b - a;
    let (mut enter, mut leave) = (0.0_f64, 1.0_f64);
    let sides = [
        (-d.x, a.x - min.x),
        (d.x, max.x - a.x),
        (-d.y, a.y - min.y),
        (d.y, max.y - a.y),
    ];
    for (towards, room) in sides {
        if towards == 0.0 {
            if room < 0.0 {
                return None;
            }
            continue;
        }
        let t = room / towards;
        if towards < 0.0 {
            enter = enter.max(t);
        } else {
            leave = leave.min(t);
        }
    }
    let at = |t: f64| if t == 1.0 { b } else { a + d * t };
    (enter < leave).then(|| (at(enter), at(leave)))
}

impl PartialEq for FloorFiling {
    /// The same edges, filed under the same chunks, with the same sums.
    fn eq(&self, other: &Self) -> bool {
        self.heights.edges() == other.heights.edges()
            && self.edges == other.edges
            && self.materials == other.materials
            && self.plain_materials == other.plain_materials
            && self.reach == other.reach
    }
}
