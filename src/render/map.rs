//! The top-down map on the GPU: the level's map shapes streamed by tile
//! (built when a view first shows them, kept within a byte budget, so a
//! million-wall maze costs what the view shows), the per-frame overlay
//! (eye, trail, marks, grid, reach, seen walls) uploaded each frame, both
//! drawn through an orthographic camera from a [`MapView`] with alpha
//! blending.

use std::ops::Bound;

use glam::Vec2;

use super::Targets;
use super::lines::LineVertex;
use super::lru::{ByteLru, Weighed};
use super::pipeline::{Depth, PipelineSpec, create_pipeline, uniform_entry};
use super::texture::create_buffer;
use crate::collision::{Collider, Heights, Wall};
use crate::level::mesh::{CHUNK_SIZE, ChunkIndex};
use crate::level::{Level, RunningMax};
use crate::map::{
    MapDetail, MapGeometry, MapVertex, MapView, PlanBounds, WalkLayer, density_square,
    floor_edge_shape, floor_piece_shape, floor_shade, obstacle_shape, wall_shape,
};

/// Opacity of the map drawn over the 3D view.
pub const OVERLAY_OPACITY: f32 = 0.6;

/// How the map is drawn this frame.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MapMode {
    /// Translucent, over the 3D view.
    Overlay,
    /// Alone, on a dark background (the 3D view is not drawn).
    Full,
}

/// The map part of a frame: where it looks, how it is drawn, and what
/// moves with the walk.
#[derive(Debug, Clone, Copy)]
pub struct MapFrame<'a> {
    /// The transform (centre and scale).
    pub view: MapView,
    /// Overlay or full map.
    pub mode: MapMode,
    /// The eye, trail, marks, reach and near misses.
    pub walk_layer: WalkLayer<'a>,
}

/// The map's uniform: the orthographic transform and the opacity.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, bytemuck::Pod, bytemuck::Zeroable)]
struct MapGlobals {
    view_projection: [[f32; 4]; 4],
    opacity: [f32; 4],
}

/// Side of a map tile, in chunks ([`CHUNK_SIZE`]), at `detail`: a level's
/// map shapes are built and uploaded per tile when a view first shows it.
/// The farther out the zoom, the larger the tile (2 × 2 chunks with
/// outlines, 4 × 4 without, 16 × 16 of density squares), so that a
/// 1280×720 view draws at most a few hundred tiles at any zoom (a 4K view
/// up to about 2,000), while one close up does not push much geometry
/// outside the view through the GPU.
fn tile_chunks(detail: MapDetail) -> i32 {
    match detail {
        MapDetail::Outlines => 2,
        MapDetail::Shapes => 4,
        MapDetail::Density => 16,
    }
}

/// GPU memory the map's tiles may keep beyond what the current frame
/// draws, by default: 64 MB.
pub const DEFAULT_MAP_BUDGET: u64 = 64 * 1024 * 1024;

/// A map tile: its coordinates (in tiles of its detail's size), and how
/// much it draws ([`MapView::detail`]; the shapes alone are about a tenth
/// of the bytes of the shapes with their outlines).
type TileKey = ((i32, i32), MapDetail);

/// One level's map shapes on the GPU, streamed by tile: built when a view
/// of every wall (ghost or edit mode, `--map-all`) first shows them, kept
/// within a byte budget, least recently used first out. Costs nothing
/// until then, and follows what the view shows, not the level's size.
#[derive(Debug)]
pub struct MapTiles {
    cache: ByteLru<TileKey, MapTile>,
    /// How far a wall's or obstacle's outline reaches beyond its mesh box,
    /// at most: the view's rectangle grows by this much to find its tiles.
    pub(super) reach: RunningMax,
}

/// One tile's lines and triangles on the GPU, and a box around them.
#[derive(Debug)]
struct MapTile {
    lines: Option<(wgpu::Buffer, u32)>,
    /// How many of the lines' vertices, at the start, are translucent
    /// (outlines): drawn for every tile before any tile's opaque lines.
    faint_vertices: u32,
    triangles: Option<(wgpu::Buffer, u32)>,
    /// How many of the triangles' vertices, at the start, are the floors'
    /// shades: drawn for every tile before any tile's other triangles, so
    /// that no floor covers an obstacle reaching in from the next tile.
    floor_vertices: u32,
    bounds: Option<PlanBounds>,
}

/// How far the outlines of `walls`, and of obstacles, reach beyond their
/// mesh boxes, at most: the widest wall's radius or the body radius.
fn reach_of<'a>(collider: &Collider, walls: impl Iterator<Item = &'a Wall>) -> RunningMax {
    RunningMax::of(
        walls.map(|wall| wall.radius),
        collider.body_radius().max(0.0),
    )
}

/// The tiles one frame draws.
#[derive(Debug, Default)]
pub struct MapTileList(Vec<TileKey>);

impl MapTiles {
    /// No tile built yet, for a level whose walls' radii and body radius
    /// `collider` holds.
    pub fn new(collider: &Collider) -> Self {
        Self {
            cache: ByteLru::new(DEFAULT_MAP_BUDGET),
            reach: reach_of(collider, collider.walls().iter()),
        }
    }

    /// Takes an edit of the level whose shapes `collider` now holds: drops
    /// the tiles, at every detail, of the `touched` chunks (those that
    /// gained, lost or changed a shape), and takes the walls that `went`
    /// and `came` into the reach: found again over every wall only when
    /// the last wall as wide as the reach went.
    pub fn edited<'a>(
        &mut self,
        collider: &Collider,
        touched: impl IntoIterator<Item = &'a (i32, i32)>,
        went: &[Wall],
        came: &[Wall],
    ) {
        for &(x, z) in touched {
            for detail in [MapDetail::Outlines, MapDetail::Shapes, MapDetail::Density] {
                let side = tile_chunks(detail);
                let tile = (x.div_euclid(side), z.div_euclid(side));
                self.cache.remove(&(tile, detail));
            }
        }
        let radius = |wall: &Wall| wall.radius;
        self.reach
            .update(went.iter().map(radius), came.iter().map(radius), || {
                collider.walls().iter().map(radius)
            });
    }

    /// Builds the tiles that `visible` shows and that are not cached yet,
    /// from `index`'s filing of `collider`'s shapes (the level's walls and
    /// collider walls share their order), leaving out `level`'s loose
    /// obstacles, and starts the cache's frame
    /// (end it with [`end_frame`](Self::end_frame)). A tile the device
    /// refuses is logged and left empty, never a panic.
    pub fn prepare(
        &mut self,
        device: &wgpu::Device,
        source: (&Level, &ChunkIndex, &Collider),
        visible: PlanBounds,
        detail: MapDetail,
    ) -> MapTileList {
        let (level, index, collider) = source;
        self.cache.begin_frame();
        let margin = Vec2::splat(self.reach.value());
        let side = tile_chunks(detail);
        let mut tiles: Vec<(i32, i32)> = index
            .chunks_in(visible.min - margin, visible.max + margin)
            .map(|(x, z)| (x.div_euclid(side), z.div_euclid(side)))
            .collect();
        tiles.sort_unstable();
        tiles.dedup();
        let mut drawn = Vec::with_capacity(tiles.len());
        for tile in tiles {
            let key = (tile, detail);
            let built = self.cache.get_or_build(key, || {
                let geometry = tile_geometry((level, index, collider), key);
                MapTile::new(device, geometry)
                    .inspect_err(|error| log::error!("map tile {tile:?} left out: {error:#}"))
                    .unwrap_or(MapTile::EMPTY)
            });
            if built.bounds.is_some_and(|bounds| bounds.overlaps(&visible)) {
                drawn.push(key);
            }
        }
        MapTileList(drawn)
    }

    /// Ends the frame: drops tiles it did not use, least recently used
    /// first, until the cache is within its budget.
    pub fn end_frame(&mut self) {
        self.cache.end_frame();
    }

    /// Bytes of GPU memory the cached tiles take.
    pub fn buffer_bytes(&self) -> u64 {
        self.cache.bytes()
    }

    /// How many tiles are cached.
    pub fn tile_count(&self) -> usize {
        self.cache.len()
    }

    /// Sets the bytes kept once a frame is done (default
    /// [`DEFAULT_MAP_BUDGET`]).
    pub fn set_budget(&mut self, bytes: u64) {
        self.cache.set_budget(bytes);
    }
}

impl MapTile {
    /// A tile with nothing to draw.
    const EMPTY: Self = Self {
        lines: None,
        faint_vertices: 0,
        triangles: None,
        floor_vertices: 0,
        bounds: None,
    };

    /// Uploads `geometry`: its floors and its triangles in one buffer,
    /// floors first.
    fn new(device: &wgpu::Device, geometry: MapGeometry) -> anyhow::Result<Self> {
        let MapGeometry {
            lines,
            triangles,
            floors: mut all_triangles,
        } = geometry;
        let floor_vertices = all_triangles.len() as u32;
        all_triangles.extend(triangles);
        let bounds = PlanBounds::around(
            lines
                .iter()
                .chain(&all_triangles)
                .map(|vertex| vertex.position),
        );
        let lines = faint_first(lines);
        let faint_vertices = lines.iter().take_while(|v| v.colour[3] < 1.0).count() as u32;
        Ok(Self {
            lines: upload(device, "map tile lines", &lines)?,
            faint_vertices,
            triangles: upload(device, "map tile triangles", &all_triangles)?,
            floor_vertices,
            bounds,
        })
    }
}

impl Weighed for MapTile {
    fn bytes(&self) -> u64 {
        [&self.lines, &self.triangles]
            .into_iter()
            .flatten()
            .map(|(buffer, _)| buffer.size())
            .sum()
    }
}

/// The map shapes filed under the chunks of tile `key`: every wall and
/// obstacle, with their outlines at [`MapDetail::Outlines`]; at
/// [`MapDetail::Density`], one square per chunk for its walls instead,
/// but walls longer than a chunk (filed under their midpoint's chunk, they
/// reach far beyond it) and obstacles as shapes. In a level with floors,
/// also the floors in each chunk shaded by their height, and the edges
/// between them.
fn tile_geometry(
    (level, index, collider): (&Level, &ChunkIndex, &Collider),
    key: TileKey,
) -> MapGeometry {
    let (tile, detail) = key;
    let side = tile_chunks(detail);
    let outlines = detail == MapDetail::Outlines;
    let mut geometry = MapGeometry::default();
    let chunks =
        (0..side).flat_map(|dz| (0..side).map(move |dx| (tile.0 * side + dx, tile.1 * side + dz)));
    let heights = collider.heights();
    let floor_range = heights.floor_range();
    for chunk in chunks {
        if let Some(range) = floor_range {
            geometry.append(&mut chunk_floors(index, heights, chunk, range));
        }
        let (walls, obstacles) = (
            index.walls_in(chunk),
            index.fixed_obstacles_in(level, chunk),
        );
        if walls.is_empty() && obstacles.is_empty() {
            continue;
        }
        let mut density_length = 0.0;
        for wall in walls {
            let length = collider
                .walls()
                .get(wall)
                .map_or(f32::NAN, |w| w.a.distance(w.b));
            if detail == MapDetail::Density && length <= CHUNK_SIZE {
                density_length += length;
            } else if let Some(mut shape) = wall_shape(collider, wall, outlines) {
                geometry.append(&mut shape);
            }
        }
        for obstacle in obstacles {
            if let Some(polygon) = collider.obstacles().get(obstacle) {
                geometry.append(&mut obstacle_shape(
                    polygon,
                    collider.body_radius(),
                    outlines,
                ));
            }
        }
        let corner = Vec2::new(chunk.0 as f32, chunk.1 as f32) * CHUNK_SIZE;
        geometry.append(&mut density_square(corner, CHUNK_SIZE, density_length));
    }
    geometry
}

/// The floors in `chunk` (of the floor plan `index` files), each piece
/// shaded by its height within `range` (the void left out), and the
/// pieces of the edges between floors filed under it, as walls or steps.
fn chunk_floors(
    index: &ChunkIndex,
    heights: &Heights,
    chunk: (i32, i32),
    range: (f32, f32),
) -> MapGeometry {
    let mut geometry = MapGeometry::default();
    for piece in index.floor_pieces(chunk) {
        if let Some(span) = heights.span_of(piece.floor) {
            let shade = floor_shade(span.floor, range);
            geometry.append(&mut floor_piece_shape(&piece.outline, shade));
        }
    }
    for edge in index.edge_pieces(chunk) {
        geometry.append(&mut floor_edge_shape(heights, &edge));
    }
    geometry
}

/// `vertices` in a new vertex buffer, with their count; `None` when there
/// are none.
fn upload(
    device: &wgpu::Device,
    label: &str,
    vertices: &[MapVertex],
) -> anyhow::Result<Option<(wgpu::Buffer, u32)>> {
    if vertices.is_empty() {
        return Ok(None);
    }
    let data: Vec<LineVertex> = vertices.iter().map(gpu_vertex).collect();
    let buffer = create_buffer(
        device,
        label,
        bytemuck::cast_slice(&data),
        wgpu::BufferUsages::VERTEX,
    )?;
    Ok(Some((buffer, data.len() as u32)))
}

/// The line list `lines` with its translucent lines (clearance and body
/// outlines) before its opaque ones, so that every tile's outlines can be
/// drawn before any tile's walls, and no outline dims a wall.
fn faint_first(lines: Vec<MapVertex>) -> Vec<MapVertex> {
    let mut pairs: Vec<[MapVertex; 2]> = lines
        .chunks_exact(2)
        .map(|pair| [pair[0], pair[1]])
        .collect();
    pairs.sort_by_key(|pair| pair[0].colour[3] >= 1.0);
    pairs.into_iter().flatten().collect()
}

fn gpu_vertex(vertex: &MapVertex) -> LineVertex {
    LineVertex {
        position: [vertex.position.x, 0.0, vertex.position.y],
        colour: vertex.colour,
    }
}

/// The map's pipelines and uniform, made once per window.
#[derive(Debug)]
pub struct MapPass {
    lines: wgpu::RenderPipeline,
    triangles: wgpu::RenderPipeline,
    globals: wgpu::Buffer,
    bind_group: wgpu::BindGroup,
}

impl MapPass {
    /// Builds the map's pipelines for `targets`.
    pub fn new(device: &wgpu::Device, targets: &Targets) -> Self {
        let shader = device.create_shader_module(wgpu::include_wgsl!("../../shaders/map.wgsl"));
        let globals = device.create_buffer(&wgpu::BufferDescriptor {
            label: Some("map globals"),
            size: size_of::<MapGlobals>() as u64,
            usage: wgpu::BufferUsages::UNIFORM | wgpu::BufferUsages::COPY_DST,
            mapped_at_creation: false,
        });
        let layout = device.create_bind_group_layout(&wgpu::BindGroupLayoutDescriptor {
            label: Some("map globals"),
            entries: &[uniform_entry(0, wgpu::ShaderStages::VERTEX)],
        });
        let bind_group = device.create_bind_group(&wgpu::BindGroupDescriptor {
            label: Some("map globals"),
            layout: &layout,
            entries: &[wgpu::BindGroupEntry {
                binding: 0,
                resource: globals.as_entire_binding(),
            }],
        });
        let pipeline = |label, topology| {
            create_pipeline(
                device,
                targets,
                PipelineSpec {
                    label,
                    shader: &shader,
                    entry_points: ("vs_map", "fs_map"),
                    bind_group_layouts: &[Some(&layout)],
                    vertex_layout: wgpu::VertexBufferLayout {
                        array_stride: size_of::<LineVertex>() as wgpu::BufferAddress,
                        step_mode: wgpu::VertexStepMode::Vertex,
                        attributes: &wgpu::vertex_attr_array![0 => Float32x3, 1 => Float32x4],
                    },
                    primitive: wgpu::PrimitiveState {
                        topology,
                        ..Default::default()
                    },
                    depth: Depth::Ignored,
                    blend: Some(wgpu::BlendState::ALPHA_BLENDING),
                    constants: &[],
                },
            )
        };
        Self {
            lines: pipeline("map lines", wgpu::PrimitiveTopology::LineList),
            triangles: pipeline("map triangles", wgpu::PrimitiveTopology::TriangleList),
            globals,
            bind_group,
        }
    }

    /// Uploads the transform for `frame` in a view of `size` pixels and
    /// builds its per-frame overlay buffer (`None` when there is none).
    pub fn prepare(
        &self,
        device: &wgpu::Device,
        queue: &wgpu::Queue,
        frame: &MapFrame<'_>,
        size: (u32, u32),
    ) -> anyhow::Result<PreparedMap> {
        let opacity = match frame.mode {
            MapMode::Overlay => OVERLAY_OPACITY,
            MapMode::Full => 1.0,
        };
        let globals = MapGlobals {
            view_projection: frame.view.clip_from_world(size).to_cols_array_2d(),
            opacity: [opacity, 0.0, 0.0, 0.0],
        };
        queue.write_buffer(&self.globals, 0, bytemuck::bytes_of(&globals));
        let overlay = crate::map::walk_layer_geometry(&frame.walk_layer, &frame.view, size);
        Ok(PreparedMap {
            visible: frame.view.visible(size),
            detail: frame.view.detail(),
            level_shapes: frame.walk_layer.seen_only.is_none(),
            lines: upload(device, "map overlay lines", &overlay.lines)?,
            triangles: upload(device, "map overlay triangles", &overlay.triangles)?,
        })
    }

    /// Draws the level's map `tiles` that this frame shows (none when the
    /// overlay brings the seen walls instead), then the overlay: triangles
    /// first, lines over them.
    pub fn draw(
        &self,
        pass: &mut wgpu::RenderPass<'_>,
        level: (&MapTiles, &MapTileList),
        prepared: &PreparedMap,
    ) {
        let (tiles, list) = level;
        pass.set_bind_group(0, &self.bind_group, &[]);
        let built = || list.0.iter().filter_map(|key| tiles.cache.get(key));
        pass.set_pipeline(&self.triangles);
        // Every tile's floors, then every tile's other triangles.
        for tile in built() {
            draw_range(pass, &tile.triangles, ..tile.floor_vertices);
        }
        for tile in built() {
            draw_range(pass, &tile.triangles, tile.floor_vertices..);
        }
        draw_range(pass, &prepared.triangles, ..);
        // Every tile's outlines, then every tile's walls: no outline of a
        // later tile dims a wall of an earlier one.
        pass.set_pipeline(&self.lines);
        for tile in built() {
            draw_range(pass, &tile.lines, ..tile.faint_vertices);
        }
        for tile in built() {
            draw_range(pass, &tile.lines, tile.faint_vertices..);
        }
        draw_range(pass, &prepared.lines, ..);
    }
}

/// Draws the vertices in `range` (of the vertex count) of `buffer`, if
/// there is one and the range is not empty.
fn draw_range(
    pass: &mut wgpu::RenderPass<'_>,
    buffer: &Option<(wgpu::Buffer, u32)>,
    range: impl std::ops::RangeBounds<u32>,
) {
    let Some((buffer, count)) = buffer else {
        return;
    };
    let start = match range.start_bound() {
        Bound::Included(&start) => start,
        Bound::Excluded(&start) => start + 1,
        Bound::Unbounded => 0,
    };
    let end = match range.end_bound() {
        Bound::Included(&end) => end + 1,
        Bound::Excluded(&end) => end,
        Bound::Unbounded => *count,
    }
    .min(*count);
    if start < end {
        pass.set_vertex_buffer(0, buffer.slice(..));
        pass.draw(start..end, 0..1);
    }
}

/// One frame's map, ready to draw.
#[derive(Debug)]
pub struct PreparedMap {
    /// What the view shows of the floor plan.
    pub visible: PlanBounds,
    /// How much of the level's shapes this zoom draws.
    pub detail: MapDetail,
    /// Whether the level's tiles are drawn (every wall); false when the
    /// overlay brings the seen ones.
    pub level_shapes: bool,
    lines: Option<(wgpu::Buffer, u32)>,
    triangles: Option<(wgpu::Buffer, u32)>,
}
