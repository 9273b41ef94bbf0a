//! The faces of a chunk's shapes as triangles of one material: walls as
//! boxes, obstacles as prisms, floors and ceilings, each face with its
//! frame in the light cache.

use glam::{Vec2, Vec3};

use super::super::light_layout::FaceFrame;
use super::super::wall::{Peg, TextureAlignment};
use super::edge_faces::FaceTexture;
use super::scene_mesh::{Bounds, MeshVertex, flat};

/// Triangles of one chunk and material, before they are concatenated.
#[derive(Debug)]
pub(super) struct MaterialBatch {
    /// World size of one repeat of the material's texture: `x` along a
    /// face (on a flat, along world x), `y` down it (along world z).
    pub(super) metres_per_repeat: Vec2,
    pub(super) vertices: Vec<MeshVertex>,
    pub(super) indices: Vec<u32>,
    pub(super) bounds: Bounds,
    /// The faces, each as the light cache sees it, in the order they
    /// were made.
    pub(super) faces: Vec<FaceFrame>,
    /// Per vertex, its face in `faces`; the vertex's `light_uv` holds its
    /// place on that face in metres until the mesh is finished.
    pub(super) vertex_faces: Vec<u32>,
}

impl MaterialBatch {
    /// A planar quad p0 p1 p2 p3 (in order around its outline) facing
    /// `normal`; `uv` gives each corner's texture position in metres. The
    /// winding is chosen from the normal, so callers need not care.
    fn quad(&mut self, corners: [Vec3; 4], normal: Vec3, uv: [Vec2; 4]) {
        let (along, across) = (corners[1] - corners[0], corners[3] - corners[0]);
        self.faces.push(FaceFrame {
            origin: corners[0],
            along: along.normalize_or_zero(),
            across: across.normalize_or_zero(),
            size: Vec2::new(along.length(), across.length()),
            normal,
        });
        let facing = (corners[1] - corners[0])
            .cross(corners[2] - corners[0])
            .dot(normal);
        let base = self.vertices.len() as u32;
        for (corner, uv) in corners.into_iter().zip(uv) {
            self.push_vertex(corner, normal, uv);
        }
        let order: [u32; 6] = if facing >= 0.0 {
            [0, 1, 2, 0, 2, 3]
        } else {
            [0, 2, 1, 0, 3, 2]
        };
        self.indices.extend(order.iter().map(|i| base + i));
    }

    /// Adds a vertex of the face made last.
    fn push_vertex(&mut self, position: Vec3, normal: Vec3, uv_metres: Vec2) {
        self.bounds.grow(position);
        let face = self.faces.len().saturating_sub(1);
        let on_face = self
            .faces
            .get(face)
            .map_or(Vec2::ZERO, |frame| frame.local(position));
        self.vertices.push(MeshVertex {
            position: position.to_array(),
            normal: normal.to_array(),
            uv: (uv_metres / self.metres_per_repeat).to_array(),
            light_uv: on_face.to_array(),
            floor_light: crate::level::defaults::FLOOR_LIGHT,
        });
        self.vertex_faces.push(face as u32);
    }

    /// A vertical face from `p` to `q` on the floor plan, from `bottom`
    /// up to `top`, facing `normal` (on the plan). Texture u runs from
    /// `offset.x` at `p` towards `q`; v runs down from the edge `peg`
    /// names, shifted by `offset.y` ([`texture_v`]).
    fn vertical(
        &mut self,
        p: Vec2,
        q: Vec2,
        (bottom, top): (f32, f32),
        normal: Vec2,
        (offset, peg): (Vec2, Peg),
    ) {
        let along = (q - p).normalize_or_zero();
        let u = |point: Vec2| point.dot(along) - p.dot(along) + offset.x;
        let v = |y: f32| texture_v(peg, (bottom, top), offset.y, y);
        self.upright(p, q, (bottom, top), normal, u, v);
    }

    /// An upright face of an edge between floors, from `from` to `to` on
    /// the floor plan and from `bottom` up to `top`, looking to the
    /// right-hand side of `from`→`to`. Its texture lies in world metres as
    /// `texture` says: u along the edge's line by world coordinate, so
    /// that faces side by side continue one pattern, v down from the
    /// height it hangs from.
    pub(super) fn band(
        &mut self,
        from: Vec2,
        to: Vec2,
        (bottom, top): (f32, f32),
        texture: FaceTexture,
    ) {
        let along = (to - from).normalize_or_zero();
        let normal = -along.perp();
        let FaceTexture { offset, hangs_from } = texture;
        let u = |p: Vec2| p.dot(along) + offset.x;
        let v = |y: f32| hanging_v(hangs_from, offset.y, y);
        self.upright(from, to, (bottom, top), normal, u, v);
    }

    /// A vertical quad from `p` to `q` on the plan, between the heights
    /// `bottom` and `top`, facing `normal` (on the plan), its texture at
    /// `u` of a point on the plan and `v` of a height, in metres.
    fn upright(
        &mut self,
        p: Vec2,
        q: Vec2,
        (bottom, top): (f32, f32),
        normal: Vec2,
        u: impl Fn(Vec2) -> f32,
        v: impl Fn(f32) -> f32,
    ) {
        let corners = [
            Vec3::new(p.x, bottom, p.y),
            Vec3::new(q.x, bottom, q.y),
            Vec3::new(q.x, top, q.y),
            Vec3::new(p.x, top, p.y),
        ];
        let uv = [
            Vec2::new(u(p), v(bottom)),
            Vec2::new(u(q), v(bottom)),
            Vec2::new(u(q), v(top)),
            Vec2::new(u(p), v(top)),
        ];
        self.quad(corners, Vec3::new(normal.x, 0.0, normal.y), uv);
    }

    /// A wall: a box `thickness` wide centred on segment a→b, from `bottom`
    /// up to `top`, its texture laid as `alignment` says.
    pub(super) fn wall(
        &mut self,
        (a, b): (Vec2, Vec2),
        thickness: f32,
        (bottom, top): (f32, f32),
        alignment: TextureAlignment,
        with_top: bool,
    ) {
        let height = (bottom, top);
        let Some(direction) = (b - a).try_normalize() else {
            return;
        };
        let side = Vec2::new(direction.y, -direction.x);
        let half = side * (thickness / 2.0);
        let TextureAlignment { offset, peg } = alignment;
        // u from the world coordinate along the wall, plus the offset:
        // collinear wall pieces line up their texture like one long wall.
        let u_start = Vec2::new(a.dot(direction), 0.0);
        let u_end = Vec2::new(-b.dot(direction), 0.0);
        let ends = (Vec2::new(0.0, offset.y), peg);
        self.vertical(a + half, b + half, height, side, (u_start + offset, peg));
        self.vertical(b - half, a - half, height, -side, (u_end + offset, peg));
        if thickness > 0.0 {
            self.vertical(a - half, a + half, height, -direction, ends);
            self.vertical(b + half, b - half, height, direction, ends);
            if with_top {
                let corners = [a + half, b + half, b - half, a - half];
                self.flat(&corners, top, true);
            }
        }
    }

    /// A prism over a convex outline (counter-clockwise on the plan), from
    /// `bottom` up to `top`, with its top; texture u runs around the
    /// perimeter.
    pub(super) fn prism(&mut self, outline: &[Vec2], (bottom, top): (f32, f32)) {
        let height = (bottom, top);
        let mut perimeter = 0.0;
        for (index, &p) in outline.iter().enumerate() {
            let q = outline[(index + 1) % outline.len()];
            let edge = q - p;
            let outward = Vec2::new(edge.y, -edge.x).normalize_or_zero();
            self.vertical(p, q, height, outward, (Vec2::new(perimeter, 0.0), Peg::Top));
            perimeter += edge.length();
        }
        self.flat(outline, top, true);
    }

    /// A horizontal convex polygon at height `y`, facing up or down, with
    /// texture coordinates from world x and z.
    pub(super) fn flat(&mut self, outline: &[Vec2], y: f32, facing_up: bool) {
        let normal = if facing_up { Vec3::Y } else { Vec3::NEG_Y };
        let Some(&first) = outline.first() else {
            return;
        };
        // The light cache's rectangle runs along the first edge (a wall's
        // top along the wall), around every point.
        let along = outline
            .get(1)
            .and_then(|&second| (second - first).try_normalize())
            .unwrap_or(Vec2::X);
        let across = along.perp();
        let on_axes = |point: Vec2| Vec2::new(point.dot(along), point.dot(across));
        let (min, max) = outline.iter().fold(
            (Vec2::INFINITY, Vec2::NEG_INFINITY),
            |(min, max), &point| (min.min(on_axes(point)), max.max(on_axes(point))),
        );
        self.faces.push(FaceFrame {
            origin: flat(along * min.x + across * min.y, y),
            along: flat(along, 0.0),
            across: flat(across, 0.0),
            size: (max - min).max(Vec2::ZERO),
            normal,
        });
        let base = self.vertices.len() as u32;
        for &point in outline {
            self.push_vertex(Vec3::new(point.x, y, point.y), normal, point);
        }
        for index in 1..outline.len().saturating_sub(1) {
            let (p, q) = (outline[index], outline[index + 1]);
            let up = (p - first).perp_dot(q - first) < 0.0;
            // On the plan (x right, z down the screen) a triangle that turns
            // clockwise in x-z faces up in 3D (y = z × x).
            let (i, j) = if up == facing_up {
                (index, index + 1)
            } else {
                (index + 1, index)
            };
            self.indices
                .extend([base, base + i as u32, base + j as u32]);
        }
    }
}

/// The texture v, in metres, of height `y` on an upright face from
/// `bottom` to `top`: v runs down, from 0 at the top when `peg` is
/// [`Peg::Top`], or from the bottom when it is [`Peg::Bottom`] (where a
/// repeat of the texture ends: v is whole repeats there), plus `offset`.
pub(super) fn texture_v(peg: Peg, (bottom, top): (f32, f32), offset: f32, y: f32) -> f32 {
    let pinned = match peg {
        Peg::Top => top,
        Peg::Bottom => bottom,
    };
    hanging_v(pinned, offset, y)
}

/// The texture v, in metres, of height `y` on an upright face whose
/// texture hangs from the height `pinned` (v is 0 there, and runs down),
/// shifted down by `offset`.
pub(super) fn hanging_v(pinned: f32, offset: f32, y: f32) -> f32 {
    pinned - y + offset
}
