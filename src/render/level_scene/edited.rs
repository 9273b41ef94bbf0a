//! A scene brought up to date in place for an edit of its level: only the
//! chunks, map tiles and shadow rows that the edit's shapes touch are
//! dropped (and built again when next drawn); the chunk index, the sight
//! data and the lamps take the edit's renumbering as the collider does.
//! What an edit changed comes from the edit model ([`LevelChange`]).

use std::collections::HashSet;
use std::sync::Arc;

use glam::Vec2;

use super::LevelScene;
use crate::collision::{Collider, Wall};
use crate::edit::{LevelChange, Piece};
use crate::level::Level;
use crate::level::mesh::{ShapeKind, obstacle_chunk, wall_chunk};

/// What the edits' shapes touch, gathered change by change.
#[derive(Debug, Default)]
struct Touched {
    /// Chunks that gained, lost or changed a shape.
    chunks: HashSet<(i32, i32)>,
    /// Rectangles of the floor plan (min, max) around the shapes put,
    /// moved or taken away: lamps whose light reaches one shade anew.
    shaded: Vec<(Vec2, Vec2)>,
    /// The collision walls taken away, and those put.
    went: Vec<Wall>,
    came: Vec<Wall>,
    /// Points the floor plan must hold now.
    new_points: Vec<Vec2>,
    /// A point on the floor plan's edge went: the plan is worked out anew.
    plan_shrinks: bool,
}

impl LevelScene {
    /// Brings this scene, made for the level that `changes` (in order)
    /// made `level` from, up to date with `level` and its `collider` in
    /// place. Returns false, having changed nothing, when the changes do
    /// not fit the scene's level (an index past the end, counts that do not
    /// add up) or the edit changed what the scene does not update in place
    /// (the materials, the environment): build a new scene then.
    pub fn edited(
        &mut self,
        level: &Arc<Level>,
        collider: &Arc<Collider>,
        changes: &[LevelChange],
    ) -> bool {
        if level.materials != self.level.materials
            || level.environment != self.level.environment
            || !counts_fit(&self.level, level, changes)
        {
            return false;
        }
        // The worker builds from the old level: it ends here (joined), so
        // the chunk index is this scene's alone again.
        self.ahead = None;
        let index = Arc::make_mut(&mut self.index);
        let mut touched = Touched::default();
        for change in changes {
            self.sight.edited(collider, change);
            match change {
                LevelChange::Inserted { index: at, piece } => {
                    if let Some((kind, chunk)) = filed(piece) {
                        index.insert(kind, *at, chunk);
                        touched.chunks.insert(chunk);
                    }
                    touched.came(piece);
                }
                LevelChange::Removed { index: at, piece } => {
                    if let Some((kind, chunk)) = filed(piece) {
                        index.remove(kind, *at, chunk);
                        touched.chunks.insert(chunk);
                    }
                    touched.went(piece, |point| index.on_plan_edge(point));
                }
                LevelChange::Changed(items) => {
                    for (at, before, after) in items {
                        let (Some((kind, from)), Some((_, to))) = (filed(before), filed(after))
                        else {
                            continue;
                        };
                        if from != to {
                            index.remove(kind, *at, from);
                            index.insert(kind, *at, to);
                        }
                        touched.chunks.extend([from, to]);
                        if !only_material_differs(before, after) {
                            touched.went(before, |point| index.on_plan_edge(point));
                            touched.came(after);
                        }
                    }
                }
                LevelChange::StartMoved { from, to } => {
                    touched.plan_shrinks |= index.on_plan_edge(from.at);
                    touched.new_points.push(to.at);
                }
            }
        }
        let floor_changed = index.refile(
            level,
            &touched.chunks,
            &touched.new_points,
            touched.plan_shrinks,
        );
        for &chunk in touched.chunks.iter().chain(&floor_changed) {
            self.cache.forget(chunk);
        }
        self.map
            .edited(collider, &touched.chunks, &touched.went, &touched.came);
        self.lamps.edited(level, collider, changes, &touched.shaded);
        self.level = Arc::clone(level);
        self.moving = None;
        true
    }
}

impl Touched {
    /// `piece` was put in the level.
    fn came(&mut self, piece: &Piece) {
        match piece {
            Piece::Wall(wall) => {
                self.came.push(wall.collision_wall());
                self.new_points.extend([wall.a, wall.b]);
            }
            Piece::Obstacle(obstacle) => {
                self.new_points.extend(obstacle.polygon.points());
            }
            Piece::Light(_) | Piece::Door(_) => return,
        }
        self.shaded.extend(plan_box(piece));
    }

    /// `piece` was taken from the level; `on_edge` says whether a point
    /// lies on the floor plan's edge.
    fn went(&mut self, piece: &Piece, on_edge: impl Fn(Vec2) -> bool) {
        let points: Vec<Vec2> = match piece {
            Piece::Wall(wall) => {
                self.went.push(wall.collision_wall());
                vec![wall.a, wall.b]
            }
            Piece::Obstacle(obstacle) => obstacle.polygon.points().to_vec(),
            Piece::Light(_) | Piece::Door(_) => return,
        };
        self.plan_shrinks |= points.into_iter().any(on_edge);
        self.shaded.extend(plan_box(piece));
    }
}

/// Which list of the chunk index `piece` is in, and the chunk it is filed
/// under; `None` for lamps and doors, which the index does not file.
fn filed(piece: &Piece) -> Option<(ShapeKind, (i32, i32))> {
    match piece {
        Piece::Wall(wall) => Some((ShapeKind::Wall, wall_chunk(wall.a, wall.b))),
        Piece::Obstacle(obstacle) => Some((
            ShapeKind::Obstacle,
            obstacle_chunk(obstacle.polygon.points()),
        )),
        Piece::Light(_) | Piece::Door(_) => None,
    }
}

/// A rectangle of the floor plan around the shape `piece` (its thickness
/// and collision radius counted); `None` for lamps and doors.
fn plan_box(piece: &Piece) -> Option<(Vec2, Vec2)> {
    let (points, margin) = match piece {
        Piece::Wall(wall) => (
            vec![wall.a, wall.b],
            (wall.thickness / 2.0).max(wall.radius).max(0.0),
        ),
        Piece::Obstacle(obstacle) => (obstacle.polygon.points().to_vec(), 0.0),
        Piece::Light(_) | Piece::Door(_) => return None,
    };
    let min = points.iter().copied().reduce(Vec2::min)?;
    let max = points.iter().copied().reduce(Vec2::max)?;
    Some((min - margin, max + margin))
}

/// Whether `after` is `before` painted with another material.
fn only_material_differs(before: &Piece, after: &Piece) -> bool {
    let mut repainted = before.clone();
    let mut after_material = after.clone();
    match (repainted.material_mut(), after_material.material_mut()) {
        (Some(material), Some(&mut to)) => *material = to,
        _ => return false,
    }
    repainted == *after
}

/// Whether `changes`, taken in order from `before`, keep every index
/// within its list and end with `after`'s counts of walls, obstacles and
/// lamps (doors are not the scene's).
fn counts_fit(before: &Level, after: &Level, changes: &[LevelChange]) -> bool {
    let mut counts = [
        before.walls.len(),
        before.obstacles.len(),
        before.lights.len(),
    ];
    let slot = |piece: &Piece| match piece {
        Piece::Wall(_) => Some(0),
        Piece::Obstacle(_) => Some(1),
        Piece::Light(_) => Some(2),
        Piece::Door(_) => None,
    };
    for change in changes {
        match change {
            LevelChange::Inserted { index, piece } => {
                if let Some(slot) = slot(piece) {
                    if *index > counts[slot] {
                        return false;
                    }
                    counts[slot] += 1;
                }
            }
            LevelChange::Removed { index, piece } => {
                if let Some(slot) = slot(piece) {
                    if *index >= counts[slot] {
                        return false;
                    }
                    counts[slot] -= 1;
                }
            }
            LevelChange::Changed(items) => {
                let fits = items.iter().all(|(index, before, after)| {
                    slot(before) == slot(after) && slot(after).is_none_or(|s| *index < counts[s])
                });
                if !fits {
                    return false;
                }
            }
            LevelChange::StartMoved { .. } => {}
        }
    }
    counts == [after.walls.len(), after.obstacles.len(), after.lights.len()]
}
