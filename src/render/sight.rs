//! Sight culling: which chunks hold a wall or obstacle the eye can see,
//! worked out on the floor plan by [`Collider::visible_shapes`] for the
//! wedge that holds the view frustum, so that a maze draws a few dozen
//! cells whatever its size. Walls and obstacles are filed under chunks by
//! the mesh's one rule ([`wall_chunk`], [`obstacle_chunk`]).
//!
//! Conservative like the visibility it uses: only full-height walls hide
//! anything, and culling is switched off for a frame whose eye is not
//! between the floor and the ceiling, or stands inside a visible wall's
//! thickness (from inside a box its faces are culled, so what its centre
//! line would hide shows). With floors, full height is from the lowest
//! floor to the highest ceiling: a wall standing on the ground that only
//! reaches the ground's ceiling may be looked over from a stair, and one
//! beside a sunken floor looked under.

use std::collections::HashSet;
use std::f32::consts::PI;
use std::sync::Arc;

use glam::{Mat4, Vec2, Vec3};

use crate::collision::{Collider, ViewWedge, VisibleSet, distance_to_segment};
use crate::edit::{LevelChange, Piece};
use crate::level::mesh::{obstacle_chunk, wall_chunk};
use crate::level::{Level, LevelWall, RunningMax, SharedList};

/// Added to the wedge's half-angle, in radians, so that rounding in the
/// frustum's corners never narrows it.
const ANGLE_MARGIN: f32 = 1e-3;

/// A frustum that holds the straight up or down direction with this much
/// slack (a fraction of the clip-space width) sees all round on the floor
/// plan.
const ALL_ROUND: f32 = 1e-4;

/// An eye this near (metres) to a wall's box counts as inside it.
const INSIDE_MARGIN: f32 = 1e-3;

/// What sight culling needs of one level, and the scratch space it reuses
/// from frame to frame.
#[derive(Debug, Clone)]
pub struct SightCuller {
    /// The level, shared with the scene: a visible wall's thickness and
    /// chunk are read from it.
    level: Arc<Level>,
    collider: Arc<Collider>,
    /// Per wall: whether it reaches the ceiling, and so hides what is
    /// behind it (the list the collider's visibility query reads).
    occludes: Vec<bool>,
    /// The largest half thickness: the wedge reaches this much beyond the
    /// fog, since walls count by their centre lines.
    reach_margin: RunningMax,
    /// The lowest floor and the highest ceiling of the level
    /// ([`Level::height_reach`]): a wall hides what is behind it only
    /// when it spans them, and an eye outside them culls nothing.
    reach: (f32, f32),
    obstacle_chunks: Vec<(i32, i32)>,
    visible: VisibleSet,
    chunks: HashSet<(i32, i32)>,
}

impl SightCuller {
    /// Sight culling for `level`, whose collision shapes `collider` holds
    /// in the same order (as [`Level::collider`] makes them); the collider
    /// is shared, not copied.
    pub fn new(level: &Arc<Level>, collider: &Arc<Collider>) -> Self {
        Self {
            level: Arc::clone(level),
            collider: Arc::clone(collider),
            occludes: level
                .walls
                .iter()
                .map(|wall| hides(wall, level.height_reach()))
                .collect(),
            reach_margin: RunningMax::of(level.walls.iter().map(half_thickness), 0.0),
            reach: level.height_reach(),
            obstacle_chunks: level
                .obstacles
                .iter()
                .map(|obstacle| obstacle_chunk(obstacle.polygon.points()))
                .collect(),
            visible: VisibleSet::new(),
            chunks: HashSet::new(),
        }
    }

    /// Takes the edits `changes`, which made `level`, whose shapes
    /// `collider` holds, from the level this culler knew, as the edit model
    /// describes them. Costs a move of the per-wall flags on an insertion
    /// or removal, nothing that grows with the level otherwise (but for
    /// the removal of the last wall as thick as the margin: the margin is
    /// then found anew, once, from `level`).
    pub fn edited(
        &mut self,
        level: &Arc<Level>,
        collider: &Arc<Collider>,
        changes: &[LevelChange],
    ) {
        let reach = self.reach;
        let mut margin_known = true;
        for change in changes {
            let (mut came, mut went) = (None, None);
            match change {
                LevelChange::Inserted { index, piece } => match piece {
                    Piece::Wall(wall) => {
                        self.occludes.insert(*index, hides(wall, reach));
                        came = Some(wall);
                    }
                    Piece::Obstacle(obstacle) => {
                        let chunk = obstacle_chunk(obstacle.polygon.points());
                        self.obstacle_chunks.insert(*index, chunk);
                    }
                    Piece::Light(_) | Piece::Door(_) | Piece::Floor(_) => {}
                },
                LevelChange::Removed { index, piece } => match piece {
                    Piece::Wall(wall) => {
                        self.occludes.remove(*index);
                        went = Some(wall);
                    }
                    Piece::Obstacle(_) => drop(self.obstacle_chunks.remove(*index)),
                    Piece::Light(_) | Piece::Door(_) | Piece::Floor(_) => {}
                },
                LevelChange::Changed(items) => {
                    for (index, before, after) in items {
                        match (before, after) {
                            (Piece::Wall(before), Piece::Wall(after)) => {
                                self.occludes[*index] = hides(after, reach);
                                margin_known &= self.reach_margin.remove(half_thickness(before));
                                self.reach_margin.add(half_thickness(after));
                            }
                            (_, Piece::Obstacle(obstacle)) => {
                                let chunk = obstacle_chunk(obstacle.polygon.points());
                                self.obstacle_chunks[*index] = chunk;
                            }
                            _ => {}
                        }
                    }
                }
                LevelChange::StartMoved { .. } => {}
            }
            if let Some(wall) = went {
                margin_known &= self.reach_margin.remove(half_thickness(wall));
            }
            if let Some(wall) = came {
                self.reach_margin.add(half_thickness(wall));
            }
        }
        if !margin_known {
            self.reach_margin = RunningMax::of(level.walls.iter().map(half_thickness), 0.0);
        }
        self.level = Arc::clone(level);
        self.collider = Arc::clone(collider);
    }

    /// The level's collider, for the visibility queries and the debug
    /// lines.
    pub fn collider(&self) -> &Collider {
        &self.collider
    }

    /// The chunks holding a shape visible through `view_projection` from
    /// `eye`, no farther than `max_distance`; `None` when this view cannot
    /// be culled safely (every chunk may be seen).
    pub fn visible_chunks(
        &mut self,
        view_projection: Mat4,
        eye: Vec3,
        max_distance: f32,
    ) -> Option<&HashSet<(i32, i32)>> {
        let (lowest, highest) = self.reach;
        if !(eye.y > lowest && eye.y < highest) {
            return None;
        }
        let wedge = view_wedge(
            view_projection,
            eye,
            max_distance + self.reach_margin.value(),
        )?;
        self.collider
            .visible_shapes(&wedge, &self.occludes, &mut self.visible);
        let eye_inside_a_wall = self.visible.walls().iter().any(|&index| {
            let wall = &self.collider.walls()[index];
            let half = self.level.walls.get(index).map_or(0.0, half_thickness);
            self.occludes.get(index).copied().unwrap_or(false)
                && distance_to_segment(wedge.eye, wall.a, wall.b) <= half + INSIDE_MARGIN
        });
        if eye_inside_a_wall {
            return None;
        }
        self.chunks.clear();
        let level_walls = &self.level.walls;
        let walls =
            (self.visible.walls().iter()).map(|&i| wall_chunk(level_walls[i].a, level_walls[i].b));
        let obstacles = self
            .visible
            .obstacles()
            .iter()
            .map(|&i| self.obstacle_chunks[i]);
        self.chunks.extend(walls.chain(obstacles));
        Some(&self.chunks)
    }
}

/// Two cullers are equal when they cull alike: the same collider shapes,
/// and the same walls' heights, thicknesses and chunks (the scratch space
/// aside).
impl PartialEq for SightCuller {
    fn eq(&self, other: &Self) -> bool {
        self.collider.walls() == other.collider.walls()
            && self.collider.obstacles() == other.collider.obstacles()
            && self.occludes == other.occludes
            && culled_alike(&self.level.walls, &other.level.walls)
            && self.reach_margin == other.reach_margin
            && self.reach == other.reach
            && self.obstacle_chunks == other.obstacle_chunks
    }
}

/// Whether two lists of walls are alike in what culling reads of them:
/// each wall's half thickness and chunk.
fn culled_alike(walls: &SharedList<LevelWall>, others: &SharedList<LevelWall>) -> bool {
    let culled = |wall: &LevelWall| (half_thickness(wall), wall_chunk(wall.a, wall.b));
    walls.len() == others.len() && walls.iter().map(culled).eq(others.iter().map(culled))
}

/// Whether `wall`, which stands on the ground, hides what is behind it in
/// a level whose floors and ceilings lie within `reach` (the lowest floor
/// and the highest ceiling): only when it spans them all.
fn hides(wall: &LevelWall, (lowest, highest): (f32, f32)) -> bool {
    lowest >= 0.0 && wall.occludes(highest)
}

/// Half `wall`'s thickness, in metres (none for a negative one).
fn half_thickness(wall: &LevelWall) -> f32 {
    (wall.thickness / 2.0).max(0.0)
}

/// The wedge on the floor plan that holds every ray of the frustum
/// `view_projection` (WebGPU clip space) from `eye`, out to `max_distance`;
/// all round when the frustum looks (nearly) straight up or down. `None`
/// when the matrix is singular or not finite.
pub fn view_wedge(view_projection: Mat4, eye: Vec3, max_distance: f32) -> Option<ViewWedge> {
    let inverse = view_projection.inverse();
    // The far plane's corners, anticlockwise in clip space.
    let corners = [(-1.0, -1.0), (1.0, -1.0), (1.0, 1.0), (-1.0, 1.0)].map(|(x, y)| {
        let far = inverse.project_point3(Vec3::new(x, y, 1.0)) - eye;
        Vec2::new(far.x, far.z)
    });
    if !corners.iter().all(|corner| corner.is_finite()) {
        return None;
    }
    let all_round = ViewWedge {
        eye: Vec2::new(eye.x, eye.z),
        yaw: 0.0,
        half_angle: PI,
        max_distance,
    };
    if looks_vertically(view_projection, eye) {
        return Some(all_round);
    }
    // The footprint lies on one side of a line through the eye, so the
    // angles measured from its mean direction do not wrap.
    let mean: Vec2 = corners.iter().map(|c| c.normalize_or_zero()).sum();
    let Some(mean) = mean.try_normalize() else {
        return Some(all_round);
    };
    let angles = corners.map(|c| mean.perp_dot(c).atan2(mean.dot(c)));
    let low = angles.iter().copied().fold(f32::INFINITY, f32::min);
    let high = angles.iter().copied().fold(f32::NEG_INFINITY, f32::max);
    Some(ViewWedge {
        yaw: mean.y.atan2(mean.x) + (low + high) / 2.0,
        half_angle: ((high - low) / 2.0 + ANGLE_MARGIN).min(PI),
        ..all_round
    })
}

/// Whether the frustum `view_projection` from `eye` holds the straight up
/// or straight down direction (or comes within [`ALL_ROUND`] of it): then
/// its footprint on the floor plan surrounds the eye.
fn looks_vertically(view_projection: Mat4, eye: Vec3) -> bool {
    [Vec3::Y, Vec3::NEG_Y].into_iter().any(|up_or_down| {
        let clip = view_projection * (eye + up_or_down).extend(1.0);
        let slack = clip.w * (1.0 + ALL_ROUND);
        clip.w > 0.0 && clip.x.abs() <= slack && clip.y.abs() <= slack
    })
}

#[cfg(test)]
mod tests {
    use std::f32::consts::FRAC_PI_2;

    use super::*;
    use crate::camera::Camera;
    use crate::level::Level;

    fn wedge_of(camera: &Camera) -> ViewWedge {
        view_wedge(camera.view_projection(16.0 / 9.0), camera.position, 50.0)
            .expect("a finite view")
    }

    fn angle_between(a: f32, b: f32) -> f32 {
        let d = (a - b).rem_euclid(2.0 * PI);
        d.min(2.0 * PI - d)
    }

    #[test]
    fn a_level_view_gives_the_horizontal_field_of_view_around_the_yaw() {
        let mut camera = Camera::new(Vec3::new(1.0, 1.6, 2.0), 30.0);
        let wedge = wedge_of(&camera);
        assert_eq!(wedge.eye, Vec2::new(1.0, 2.0));
        assert!(angle_between(wedge.yaw, camera.yaw) < 1e-4, "{wedge:?}");
        let expected = camera.fov_x / 2.0 + ANGLE_MARGIN;
        assert!((wedge.half_angle - expected).abs() < 1e-4, "{wedge:?}");
        // Pitching down widens the footprint, never narrows it.
        camera.set_pitch(-0.6);
        let pitched = wedge_of(&camera);
        assert!(pitched.half_angle > wedge.half_angle, "{pitched:?}");
        assert!(angle_between(pitched.yaw, camera.yaw) < 1e-4);
    }

    #[test]
    fn every_frustum_ray_lies_inside_the_wedge() {
        for (yaw, pitch) in [(0.0, 0.0), (123.0, -1.2), (-80.0, 1.3), (200.0, 0.4)] {
            let mut camera = Camera::new(Vec3::new(0.0, 1.6, 0.0), yaw);
            camera.set_pitch(pitch);
            let wedge = wedge_of(&camera);
            let inverse = camera.view_projection(16.0 / 9.0).inverse();
            for i in 0..=8 {
                for j in 0..=8 {
                    let ndc = Vec3::new(i as f32 / 4.0 - 1.0, j as f32 / 4.0 - 1.0, 1.0);
                    let ray = inverse.project_point3(ndc) - camera.position;
                    let flat = Vec2::new(ray.x, ray.z);
                    let angle = flat.y.atan2(flat.x);
                    assert!(
                        angle_between(angle, wedge.yaw) <= wedge.half_angle,
                        "yaw {yaw} pitch {pitch}: ray {flat} outside {wedge:?}"
                    );
                }
            }
        }
    }

    #[test]
    fn looking_straight_down_sees_all_round() {
        let mut camera = Camera::new(Vec3::new(0.0, 1.6, 0.0), 0.0);
        camera.set_pitch(-FRAC_PI_2);
        assert_eq!(wedge_of(&camera).half_angle, PI);
    }

    fn parse(toml: &str) -> (Arc<Level>, Arc<Collider>) {
        let level = Level::from_toml_str(toml, std::path::Path::new("test.toml"))
            .expect("valid level")
            .level;
        let collider = Arc::new(level.collider());
        (Arc::new(level), collider)
    }

    /// A near wall across the view along +x in chunk (0, 0), and a far one
    /// behind it in chunk (2, 0); the near one `height` tall.
    fn near_and_far(height: f32) -> String {
        format!(
            "[player]\nstart = [0.0, 0.0]\n\
             [[wall]]\na = [4.0, -30.0]\nb = [4.0, 30.0]\nheight = {height}\n\
             [[wall]]\na = [40.0, -1.0]\nb = [40.0, 1.0]\n"
        )
    }

    fn chunks_seen(
        level: &Arc<Level>,
        collider: &Arc<Collider>,
        eye: Vec3,
    ) -> Option<Vec<(i32, i32)>> {
        let camera = Camera::new(eye, 0.0);
        let mut culler = SightCuller::new(level, collider);
        let seen = culler.visible_chunks(camera.view_projection(16.0 / 9.0), eye, 100.0)?;
        let mut seen: Vec<(i32, i32)> = seen.iter().copied().collect();
        seen.sort_unstable();
        Some(seen)
    }

    #[test]
    fn a_wall_hidden_behind_a_full_height_wall_is_culled_and_behind_a_low_one_is_not() {
        let eye = Vec3::new(0.0, 1.6, 0.0);
        let (level, collider) = parse(&near_and_far(2.8));
        assert_eq!(chunks_seen(&level, &collider, eye), Some(vec![(0, 0)]));
        let (level, collider) = parse(&near_and_far(2.0));
        assert_eq!(
            chunks_seen(&level, &collider, eye),
            Some(vec![(0, 0), (2, 0)])
        );
    }

    #[test]
    fn a_wall_below_a_floors_ceiling_or_beside_a_sunken_floor_hides_nothing() {
        let eye = Vec3::new(0.0, 1.6, 0.0);
        let high = "[[floor]]\npoints = [[6, -2], [9, -2], [9, 2], [6, 2]]\n\
            height = 1.5\nceiling = 4.3\n";
        let sunken = "[[floor]]\npoints = [[6, -2], [9, -2], [9, 2], [6, 2]]\n\
            height = -0.5\n";
        for floor in [high, sunken] {
            let (level, collider) = parse(&format!("{}{floor}", near_and_far(2.8)));
            assert_eq!(
                chunks_seen(&level, &collider, eye),
                Some(vec![(0, 0), (2, 0)]),
                "{floor}"
            );
        }
    }

    #[test]
    fn an_eye_inside_a_wall_or_above_the_ceiling_culls_nothing() {
        let (level, collider) = parse(&near_and_far(2.8));
        let inside = Vec3::new(3.95, 1.6, 0.0);
        assert!(level.walls[0].thickness > 0.1);
        assert_eq!(chunks_seen(&level, &collider, inside), None);
        let above = Vec3::new(0.0, 3.0, 0.0);
        assert_eq!(chunks_seen(&level, &collider, above), None);
    }
}
