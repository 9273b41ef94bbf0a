//! Debug lines: what the collider knows, drawn over the scene so it shows
//! through walls. Each wall's segment (red, with posts at its ends so it can
//! be found from afar), the outline its radius keeps the eye out of
//! (yellow), each obstacle (cyan) and the outline the body radius keeps the
//! eye out of around it (blue), and each edge between floors at the
//! heights of the floors on its two sides (green where the walker climbs
//! it from the lower side, red where it cannot). Built from the
//! [`Collider`], not from the
//! render mesh, so it shows exactly what collision uses; filed by the mesh's
//! chunks so a big maze draws only the lines near the view.

use std::collections::BTreeMap;
use std::ops::Range;

use glam::{Vec2, Vec3};

use super::Targets;
use super::pipeline::{Depth, PipelineSpec, create_pipeline};
use super::texture::create_buffer;
use crate::collision::{Collider, Heights, Wall};
use crate::level::Level;
use crate::level::mesh::{Bounds, ChunkIndex, MovingShape, obstacle_chunk, wall_chunk};
use crate::map::rounded_outline;

/// Height above the floor of the outlines, in metres (just above it, so the
/// floor never hides them even with a depth test).
const OUTLINE_HEIGHT: f32 = 0.02;
/// Height of the posts at wall ends, in metres.
const POST_HEIGHT: f32 = 2.0;
/// Straight pieces per half circle of a rounded outline.
const ARC_PIECES: usize = 8;

const WALL_COLOUR: [f32; 4] = [1.0, 0.15, 0.1, 1.0];
const RADIUS_COLOUR: [f32; 4] = [1.0, 0.85, 0.1, 1.0];
const OBSTACLE_COLOUR: [f32; 4] = [0.1, 0.9, 1.0, 1.0];
const BODY_COLOUR: [f32; 4] = [0.3, 0.45, 1.0, 1.0];
const MOVING_COLOUR: [f32; 4] = [1.0, 0.5, 0.1, 1.0];
const CLIMBABLE_EDGE_COLOUR: [f32; 4] = [0.2, 1.0, 0.3, 1.0];

/// One end of a debug line.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, bytemuck::Pod, bytemuck::Zeroable)]
pub struct LineVertex {
    /// World position in metres.
    pub position: [f32; 3],
    /// Linear RGBA colour.
    pub colour: [f32; 4],
}

/// Debug lines grouped like the scene's mesh, by chunk of the floor plan,
/// so a big maze draws only the lines near the view.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct LineMesh {
    /// A line list: pairs of vertices.
    pub vertices: Vec<LineVertex>,
    /// Contiguous vertex ranges by chunk, each with its bounding box.
    pub batches: Vec<LineBatch>,
}

/// The lines of one chunk.
#[derive(Debug, Clone, PartialEq)]
pub struct LineBatch {
    /// Box around every vertex of the batch (for view culling).
    pub bounds: Bounds,
    /// The batch's range in [`LineMesh::vertices`].
    pub vertices: Range<u32>,
}

/// Lines showing every wall and obstacle of `collider`.
pub fn collider_lines(collider: &Collider) -> LineMesh {
    let mut lines = Lines::default();
    for wall in collider.walls() {
        lines.wall(wall);
        lines.end_shape(wall_chunk(wall.a, wall.b));
    }
    for obstacle in collider.obstacles() {
        lines.obstacle(obstacle.points(), collider.body_radius());
        lines.end_shape(obstacle_chunk(obstacle.points()));
    }
    let heights = collider.heights();
    for (index, edge) in heights.edges().iter().enumerate() {
        lines.floor_edge(heights, index);
        lines.end_shape(wall_chunk(edge.a, edge.b));
    }
    lines.finish()
}

/// The lines of the walls and fixed obstacles of `collider` that `index`
/// files under `chunk` (by their places in `level`, from which the
/// collider is made in the same order): what streaming builds on demand.
/// Loose obstacles are outlined where they are, with the moving shapes.
pub fn chunk_lines(
    level: &Level,
    collider: &Collider,
    index: &ChunkIndex,
    chunk: (i32, i32),
) -> Vec<LineVertex> {
    let mut lines = Lines::default();
    let walls = collider.walls();
    for wall in index
        .walls_in(chunk)
        .into_iter()
        .filter_map(|i| walls.get(i))
    {
        lines.wall(wall);
    }
    let obstacles = collider.obstacles();
    for obstacle in index
        .fixed_obstacles_in(level, chunk)
        .into_iter()
        .filter_map(|i| obstacles.get(i))
    {
        lines.obstacle(obstacle.points(), collider.body_radius());
    }
    let heights = collider.heights();
    for (index, edge) in heights.edges().iter().enumerate() {
        if wall_chunk(edge.a, edge.b) == chunk {
            lines.floor_edge(heights, index);
        }
    }
    lines.vertices
}

/// Lines showing each moving shape (a door's leaf, where it stands this
/// frame, in orange) and the outline `body_radius` keeps the eye out of
/// around it.
pub fn moving_lines(shapes: &[MovingShape], body_radius: f32) -> Vec<LineVertex> {
    let mut lines = Lines::default();
    for shape in shapes {
        lines.shape(&shape.outline, body_radius, MOVING_COLOUR);
    }
    lines.vertices
}

/// Lines being built: the current shape's, and every finished shape's by
/// chunk.
#[derive(Debug, Default)]
struct Lines {
    vertices: Vec<LineVertex>,
    chunks: BTreeMap<(i32, i32), Vec<LineVertex>>,
}

impl Lines {
    /// Files the current shape's lines under `chunk`.
    fn end_shape(&mut self, chunk: (i32, i32)) {
        self.chunks
            .entry(chunk)
            .or_default()
            .append(&mut self.vertices);
    }

    fn finish(self) -> LineMesh {
        let mut mesh = LineMesh::default();
        for (_, vertices) in self.chunks {
            let mut bounds = Bounds::EMPTY;
            for vertex in &vertices {
                bounds.grow(Vec3::from(vertex.position));
            }
            let first = mesh.vertices.len() as u32;
            mesh.vertices.extend(vertices);
            mesh.batches.push(LineBatch {
                bounds,
                vertices: first..mesh.vertices.len() as u32,
            });
        }
        mesh
    }

    /// A wall's segment, the posts at its ends and its radius outline
    /// (nothing for a wall with non-finite geometry).
    fn wall(&mut self, wall: &Wall) {
        if !(wall.a.is_finite() && wall.b.is_finite() && wall.radius.is_finite()) {
            return;
        }
        self.segment(wall.a, wall.b, OUTLINE_HEIGHT, WALL_COLOUR);
        for end in [wall.a, wall.b] {
            self.line(
                Vec3::new(end.x, 0.0, end.y),
                Vec3::new(end.x, POST_HEIGHT, end.y),
                WALL_COLOUR,
            );
        }
        self.rounded_outline(&[wall.a, wall.b], wall.radius, RADIUS_COLOUR);
    }

    /// Edge `index` of `heights` at the floor height of each of its sides
    /// (none against the void), red where feet on the lower side may not
    /// cross it, green where they may.
    fn floor_edge(&mut self, heights: &Heights, index: usize) {
        let Some(edge) = heights.edges().get(index) else {
            return;
        };
        let (floors, climbable) = heights.edge_floors(edge);
        let colour = if climbable {
            CLIMBABLE_EDGE_COLOUR
        } else {
            WALL_COLOUR
        };
        for floor in floors {
            self.segment(edge.a, edge.b, floor + OUTLINE_HEIGHT, colour);
        }
    }

    /// An obstacle's outline and the outline `body_radius` keeps the eye
    /// out of around it.
    fn obstacle(&mut self, points: &[Vec2], body_radius: f32) {
        self.shape(points, body_radius, OBSTACLE_COLOUR);
    }

    /// A convex shape's outline in `colour`, and the outline `body_radius`
    /// keeps the eye out of around it.
    fn shape(&mut self, points: &[Vec2], body_radius: f32, colour: [f32; 4]) {
        for (index, &p) in points.iter().enumerate() {
            let q = points[(index + 1) % points.len()];
            self.segment(p, q, OUTLINE_HEIGHT, colour);
        }
        if body_radius > 0.0 {
            self.rounded_outline(points, body_radius, BODY_COLOUR);
        }
    }

    fn line(&mut self, from: Vec3, to: Vec3, colour: [f32; 4]) {
        for point in [from, to] {
            self.vertices.push(LineVertex {
                position: point.to_array(),
                colour,
            });
        }
    }

    fn segment(&mut self, p: Vec2, q: Vec2, y: f32, colour: [f32; 4]) {
        self.line(Vec3::new(p.x, y, p.y), Vec3::new(q.x, y, q.y), colour);
    }

    /// The outline `radius` keeps the eye out of around a convex chain (see
    /// [`rounded_outline`]), at outline height.
    fn rounded_outline(&mut self, points: &[Vec2], radius: f32, colour: [f32; 4]) {
        for [p, q] in rounded_outline(points, radius, ARC_PIECES) {
            self.segment(p, q, OUTLINE_HEIGHT, colour);
        }
    }
}

/// The debug-line pipeline, made once per window.
#[derive(Debug)]
pub struct LinePipeline {
    pipeline: wgpu::RenderPipeline,
}

impl LinePipeline {
    /// Builds the line pipeline for `targets`; `shader` is
    /// `shaders/scene.wgsl`.
    pub fn new(
        device: &wgpu::Device,
        targets: &Targets,
        globals_layout: &wgpu::BindGroupLayout,
        shader: &wgpu::ShaderModule,
    ) -> Self {
        let pipeline = create_pipeline(
            device,
            targets,
            PipelineSpec {
                label: "debug lines",
                shader,
                entry_points: ("vs_line", "fs_line"),
                bind_group_layouts: &[Some(globals_layout)],
                vertex_layout: wgpu::VertexBufferLayout {
                    array_stride: size_of::<LineVertex>() as wgpu::BufferAddress,
                    step_mode: wgpu::VertexStepMode::Vertex,
                    attributes: &wgpu::vertex_attr_array![0 => Float32x3, 1 => Float32x4],
                },
                primitive: wgpu::PrimitiveState {
                    topology: wgpu::PrimitiveTopology::LineList,
                    ..Default::default()
                },
                // Lines show through walls.
                depth: Depth::Ignored,
                blend: None,
                constants: &[],
            },
        );
        Self { pipeline }
    }

    /// Draws the lines of every chunk in `chunks` whose box `shown` lets
    /// through.
    pub fn draw<'a>(
        &self,
        pass: &mut wgpu::RenderPass<'_>,
        globals: &wgpu::BindGroup,
        chunks: impl IntoIterator<Item = &'a LineChunk>,
        shown: impl Fn(&Bounds) -> bool,
    ) {
        pass.set_pipeline(&self.pipeline);
        pass.set_bind_group(0, globals, &[]);
        for chunk in chunks.into_iter().filter(|chunk| shown(&chunk.bounds)) {
            pass.set_vertex_buffer(0, chunk.vertices.slice(..));
            pass.draw(0..chunk.count, 0..1);
        }
    }
}

impl LinePipeline {
    /// Draws the frame's marker lines (uploaded by
    /// [`MarkerLines::prepare`]), unculled: there are a handful.
    pub fn draw_markers(
        &self,
        pass: &mut wgpu::RenderPass<'_>,
        globals: &wgpu::BindGroup,
        markers: &MarkerLines,
    ) {
        if markers.count == 0 {
            return;
        }
        pass.set_pipeline(&self.pipeline);
        pass.set_bind_group(0, globals, &[]);
        pass.set_vertex_buffer(0, markers.vertices.slice(..));
        pass.draw(0..markers.count, 0..1);
    }
}

/// The few lines drawn this frame only (edit mode's cursor marker and wall
/// in progress), in a buffer rewritten each frame and grown when needed.
#[derive(Debug)]
pub struct MarkerLines {
    vertices: wgpu::Buffer,
    count: u32,
}

impl MarkerLines {
    /// Room for 64 vertices to start with.
    pub fn new(device: &wgpu::Device) -> Self {
        Self {
            vertices: marker_buffer(device, 64),
            count: 0,
        }
    }

    /// Uploads this frame's `lines` (a line list).
    pub fn prepare(&mut self, device: &wgpu::Device, queue: &wgpu::Queue, lines: &[LineVertex]) {
        self.count = lines.len() as u32;
        if lines.is_empty() {
            return;
        }
        let needed = lines.len() as u64;
        if needed * size_of::<LineVertex>() as u64 > self.vertices.size() {
            self.vertices = marker_buffer(device, needed.next_power_of_two());
        }
        queue.write_buffer(&self.vertices, 0, bytemuck::cast_slice(lines));
    }
}

fn marker_buffer(device: &wgpu::Device, vertices: u64) -> wgpu::Buffer {
    device.create_buffer(&wgpu::BufferDescriptor {
        label: Some("marker lines"),
        size: vertices * size_of::<LineVertex>() as u64,
        usage: wgpu::BufferUsages::VERTEX | wgpu::BufferUsages::COPY_DST,
        mapped_at_creation: false,
    })
}

/// One chunk's debug lines on the GPU (see [`chunk_lines`]).
#[derive(Debug)]
pub struct LineChunk {
    vertices: wgpu::Buffer,
    count: u32,
    /// Box around every vertex (for view culling).
    bounds: Bounds,
}

impl LineChunk {
    /// Uploads `vertices` (a line list), checked against the device's
    /// buffer size limit; `None` when there are none.
    pub fn new(device: &wgpu::Device, vertices: &[LineVertex]) -> anyhow::Result<Option<Self>> {
        if vertices.is_empty() {
            return Ok(None);
        }
        let count = u32::try_from(vertices.len())?;
        let mut bounds = Bounds::EMPTY;
        for vertex in vertices {
            bounds.grow(Vec3::from(vertex.position));
        }
        let buffer = create_buffer(
            device,
            "chunk debug lines",
            bytemuck::cast_slice(vertices),
            wgpu::BufferUsages::VERTEX,
        )?;
        Ok(Some(Self {
            vertices: buffer,
            count,
            bounds,
        }))
    }

    /// Bytes of GPU memory the vertex buffer takes.
    pub fn buffer_bytes(&self) -> u64 {
        self.vertices.size()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::collision::{ConvexPolygon, distance_to_segment};

    #[test]
    fn a_wall_gets_its_segment_posts_and_a_closed_radius_outline_at_its_radius() {
        let wall = Wall {
            a: Vec2::new(0.0, 0.0),
            b: Vec2::new(4.0, 0.0),
            radius: 0.5,
        };
        let lines = collider_lines(&Collider::new(vec![wall], Vec::new(), 0.25)).vertices;
        assert_eq!(lines.len() % 2, 0);
        let of = |colour: [f32; 4]| -> Vec<&LineVertex> {
            lines.iter().filter(|v| v.colour == colour).collect()
        };
        assert_eq!(of(WALL_COLOUR).len(), 2 * 3, "segment and two posts");
        let outline = of(RADIUS_COLOUR);
        // Two long sides and two half circles.
        assert_eq!(outline.len(), 2 * (2 + 2 * ARC_PIECES));
        for vertex in &outline {
            let p = Vec2::new(vertex.position[0], vertex.position[2]);
            let distance = distance_to_segment(p, wall.a, wall.b);
            assert!((distance - 0.5).abs() < 1e-5, "{p} is {distance} away");
        }
        // Closed: every end point is shared by exactly two pieces.
        for vertex in &outline {
            let shared = outline
                .iter()
                .filter(|other| {
                    Vec3::from(other.position).distance(Vec3::from(vertex.position)) < 1e-5
                })
                .count();
            assert_eq!(shared, 2, "{vertex:?}");
        }
    }

    #[test]
    fn an_obstacle_gets_its_outline_and_the_body_radius_outline() {
        let square = ConvexPolygon::new(vec![
            Vec2::new(0.0, 0.0),
            Vec2::new(1.0, 0.0),
            Vec2::new(1.0, 1.0),
            Vec2::new(0.0, 1.0),
        ])
        .expect("a square");
        let lines = collider_lines(&Collider::new(Vec::new(), vec![square.clone()], 0.3)).vertices;
        let edges = lines.iter().filter(|v| v.colour == OBSTACLE_COLOUR).count();
        assert_eq!(edges, 2 * 4);
        let body: Vec<&LineVertex> = lines.iter().filter(|v| v.colour == BODY_COLOUR).collect();
        assert!(!body.is_empty());
        for vertex in body {
            let p = Vec2::new(vertex.position[0], vertex.position[2]);
            assert!((square.signed_distance(p) - 0.3).abs() < 1e-5, "{p}");
        }
    }

    #[test]
    fn each_floor_edge_shows_at_both_floors_red_when_too_high_to_climb() {
        use crate::collision::{FloorOutline, Span, Stance};
        let square = |x0: f32, height: f32| FloorOutline {
            points: vec![
                Vec2::new(x0, 0.0),
                Vec2::new(x0 + 1.0, 0.0),
                Vec2::new(x0 + 1.0, 1.0),
                Vec2::new(x0, 1.0),
            ],
            span: Span {
                floor: height,
                ceiling: height + 3.0,
            },
        };
        let ground = Some(Span {
            floor: 0.0,
            ceiling: 3.0,
        });
        let stance = Stance {
            step: 0.4,
            headroom: 1.8,
        };
        let floors = [square(0.0, 0.2), square(5.0, 0.5)];
        let heights = Heights::new(&floors, ground, stance, 0.25);
        let collider = Collider::new(Vec::new(), Vec::new(), 0.25).with_heights(heights);
        let lines = collider_lines(&collider).vertices;
        let at = |colour: [f32; 4], x_from: f32| -> Vec<f32> {
            lines
                .iter()
                .filter(|v| v.colour == colour && v.position[0] >= x_from)
                .map(|v| v.position[1])
                .collect()
        };
        let climbable = at(CLIMBABLE_EDGE_COLOUR, 0.0);
        assert_eq!(climbable.len(), 2 * 2 * 4, "four edges at two heights");
        assert!(
            climbable
                .iter()
                .all(|&y| y == OUTLINE_HEIGHT || y == 0.2 + OUTLINE_HEIGHT)
        );
        let too_high = at(WALL_COLOUR, 5.0);
        assert_eq!(too_high.len(), 2 * 2 * 4, "{too_high:?}");
        assert!(
            too_high
                .iter()
                .all(|&y| y == OUTLINE_HEIGHT || y == 0.5 + OUTLINE_HEIGHT)
        );
    }

    #[test]
    fn the_house_shows_every_wall() {
        let house = crate::level::Level::default_house();
        let lines = collider_lines(&house.collider());
        let segments = lines
            .vertices
            .iter()
            .filter(|v| v.colour == WALL_COLOUR)
            .count();
        assert_eq!(segments, house.walls.len() * 6);
        // Batches partition the vertices, and each box holds its lines.
        let mut next = 0;
        for batch in &lines.batches {
            assert_eq!(batch.vertices.start, next);
            next = batch.vertices.end;
            for vertex in &lines.vertices[batch.vertices.start as usize..next as usize] {
                let p = Vec3::from(vertex.position);
                assert!(p.cmpge(batch.bounds.min).all() && p.cmple(batch.bounds.max).all());
            }
        }
        assert_eq!(next as usize, lines.vertices.len());
        assert!(lines.batches.len() > 1, "the house spans several chunks");
    }
}
