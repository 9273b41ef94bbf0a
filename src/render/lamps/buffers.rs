//! The GPU side of the lamps: the uniform, the shadow rows (one per lamp
//! slot) and the light grid, written where the lamps in use or their rows
//! changed, and bound beside the frame's globals.

use super::super::light_grid::{
    ALL_CELLS, EVERY_LAMP, GRID_CELLS, GRID_FORMAT, GridPlace, LightGrid, Listing,
};
use super::super::light_rebake::TexelRect;
use super::super::shadow::{MAX_LAMPS, ShadowTexel};
use super::level_lamps::LevelLamps;
use super::texel::{GpuShadowTexel, ROW_BYTES};
use super::uniform::{LampsUniform, Torch};
use crate::level::Light;

/// Whether `device` lets the scene shader read the lamps' shadow rows from
/// a storage buffer. Not on WebGL2, whose limits ([`Gpu`](super::super::Gpu) picks
/// them from the adapter's capabilities) have no storage buffer: there the
/// lamps light without shadows ([`scene_shader`](super::super::scene_shader)).
pub fn shadows_in_storage(device: &wgpu::Device) -> bool {
    device.limits().max_storage_buffers_per_shader_stage > 0
}

/// The GPU side: the lamps' uniform buffer, the shadow texture (one row
/// per lamp slot) and the light grid, bound beside the frame's globals.
#[derive(Debug)]
pub struct LampBuffers {
    /// The [`LampsUniform`].
    uniform: wgpu::Buffer,
    /// [`MAX_LAMPS`] shadow rows of
    /// [`SHADOW_DIRECTIONS`](super::super::shadow::SHADOW_DIRECTIONS)
    /// texels, one after the other: a storage buffer, because a software
    /// rasterizer reads a buffer far faster than it fetches a texel.
    shadows: wgpu::Buffer,
    /// [`GRID_CELLS`] × [`GRID_CELLS`] lamp masks (see [`LightGrid`]).
    grid: wgpu::Texture,
    /// What the rows and the grid hold; `None` before the first write.
    written: Option<Written>,
    /// Whether a tight grid written is kept, to list anew only the lamps
    /// whose rows change (a frame's); else each change writes it whole.
    keeps_grid: bool,
    /// Whether the shadow rows are bound for the shader to read
    /// ([`shadows_in_storage`]).
    bound_shadows: bool,
}

/// What [`LampBuffers`] last wrote of its lamps.
#[derive(Debug)]
struct Written {
    /// How the grid lists the lamps.
    listing: Listing,
    /// Each slot's lamp: its index in the level, the lamp, and the stamp
    /// ([`LevelLamps::stamp`]) it had when its row was written.
    slots: Vec<(usize, Light, u64)>,
    /// The grid's place as the uniform carries it.
    place: [f32; 4],
    /// The tight grid as written, to list anew the lamps whose rows
    /// change; `None` for a grid listing every lamp, or not kept.
    grid: Option<LightGrid>,
}

impl LampBuffers {
    /// Empty buffers: no lamp in use. With `keeps_grid`, a tight grid
    /// written is kept (a few hundred kilobytes) so that a change to some
    /// lamps' rows lists only them anew: for the frame's buffers, written
    /// again after each such change; bake passes' are written anew.
    pub fn new(device: &wgpu::Device, keeps_grid: bool) -> Self {
        let bound_shadows = shadows_in_storage(device);
        let shadow_usage = match bound_shadows {
            true => wgpu::BufferUsages::STORAGE | wgpu::BufferUsages::COPY_DST,
            false => wgpu::BufferUsages::COPY_DST,
        };
        Self {
            uniform: device.create_buffer(&wgpu::BufferDescriptor {
                label: Some("lamps"),
                size: size_of::<LampsUniform>() as u64,
                usage: wgpu::BufferUsages::UNIFORM | wgpu::BufferUsages::COPY_DST,
                mapped_at_creation: false,
            }),
            shadows: device.create_buffer(&wgpu::BufferDescriptor {
                label: Some("lamp shadows"),
                size: ROW_BYTES * MAX_LAMPS as u64,
                usage: shadow_usage,
                mapped_at_creation: false,
            }),
            grid: device.create_texture(&wgpu::TextureDescriptor {
                label: Some("light grid"),
                size: wgpu::Extent3d {
                    width: GRID_CELLS,
                    height: GRID_CELLS,
                    depth_or_array_layers: 1,
                },
                mip_level_count: 1,
                sample_count: 1,
                dimension: wgpu::TextureDimension::D2,
                format: GRID_FORMAT,
                usage: wgpu::TextureUsages::TEXTURE_BINDING | wgpu::TextureUsages::COPY_DST,
                view_formats: &[],
            }),
            written: None,
            keeps_grid,
            bound_shadows,
        }
    }

    /// Writes this frame's lamps: the uniform (with the torch, when on),
    /// the shadow row of each active lamp into its slot, and the light
    /// grid of those slots, listing them as `listing` says. Rows and grid
    /// are written only where the lamps in use or their rows changed,
    /// never because the torch moved. Returns how many lamps (the torch not
    /// counted) are in use.
    pub fn write(
        &mut self,
        queue: &wgpu::Queue,
        lamps: &LevelLamps,
        (active, listing): (&[usize], Listing),
        torch: Option<&Torch>,
        enabled: bool,
    ) -> usize {
        let mut uniform = lamps.uniform(active, torch, enabled);
        let in_use = uniform.info[0] as usize;
        if in_use > 0 {
            let slots: Vec<(usize, Light, u64)> = active
                .iter()
                .filter_map(|&index| {
                    lamps.row(index)?;
                    Some((index, *lamps.light(index)?, lamps.stamp(index)?))
                })
                .take(in_use)
                .collect();
            let same_lamps = self.written.as_ref().is_some_and(|written| {
                written.listing == listing
                    && (listing == Listing::EveryLamp || written.grid.is_some())
                    && written.slots.len() == slots.len()
                    && (written.slots.iter().zip(&slots)).all(|(a, b)| (a.0, a.1) == (b.0, b.1))
            });
            if !same_lamps {
                self.write_all(queue, lamps, slots, listing);
            } else {
                self.write_changed_rows(queue, lamps, &slots);
            }
            if let Some(written) = &self.written {
                uniform.grid = written.place;
            }
        }
        queue.write_buffer(&self.uniform, 0, bytemuck::bytes_of(&uniform));
        in_use
    }

    /// Writes the rows of `slots` and their grid, listing them as
    /// `listing` says, all anew.
    fn write_all(
        &mut self,
        queue: &wgpu::Queue,
        lamps: &LevelLamps,
        slots: Vec<(usize, Light, u64)>,
        listing: Listing,
    ) {
        let grid = match listing {
            Listing::Tight => {
                let rows: Vec<(Light, &[ShadowTexel])> = slots
                    .iter()
                    .filter_map(|&(index, lamp, _)| Some((lamps.for_grid(lamp), lamps.row(index)?)))
                    .collect();
                let grid = LightGrid::new(&rows);
                self.write_grid(queue, &grid.masks, ALL_CELLS);
                Some(grid)
            }
            Listing::EveryLamp => None,
        };
        let place = match &grid {
            Some(grid) => grid.place,
            None => GridPlace::spanning(slots.iter().map(|(_, lamp, _)| lamp)),
        };
        // A grid listing every lamp is the same whichever lamps it lists.
        let every_lamp_written = self
            .written
            .as_ref()
            .is_some_and(|written| written.listing == Listing::EveryLamp);
        if listing == Listing::EveryLamp && !every_lamp_written {
            let every_lamp = vec![EVERY_LAMP; (GRID_CELLS * GRID_CELLS) as usize];
            self.write_grid(queue, &every_lamp, ALL_CELLS);
        }
        let rows: Vec<GpuShadowTexel> = slots
            .iter()
            .filter_map(|&(index, ..)| lamps.packed_row(index))
            .flatten()
            .copied()
            .collect();
        queue.write_buffer(&self.shadows, 0, bytemuck::cast_slice(&rows));
        self.written = Some(Written {
            listing,
            slots,
            place: [place.origin.x, place.origin.y, place.cells_per_metre, 0.0],
            grid: grid.filter(|_| self.keeps_grid),
        });
    }

    /// Writes the rows of the `slots` whose stamps changed since they were
    /// written (the same lamps fill the same slots), and lists those lamps
    /// anew in the cells of a tight grid that their change reaches.
    fn write_changed_rows(
        &mut self,
        queue: &wgpu::Queue,
        lamps: &LevelLamps,
        slots: &[(usize, Light, u64)],
    ) {
        let Some(mut written) = self.written.take() else {
            return;
        };
        let mut cells: Option<TexelRect> = None;
        for (slot, (&(index, lamp, stamp), kept)) in
            slots.iter().zip(&mut written.slots).enumerate()
        {
            if kept.2 == stamp {
                continue;
            }
            kept.2 = stamp;
            self.write_row(queue, lamps, slot, index);
            let relisted = written
                .grid
                .as_mut()
                .zip(lamps.row(index))
                .and_then(|(grid, row)| grid.relist(slot, &lamp, row));
            cells = match (cells, relisted) {
                (Some(cells), Some(more)) => Some(cells.join(more)),
                (cells, more) => cells.or(more),
            };
        }
        if let (Some(cells), Some(grid)) = (cells, &written.grid) {
            self.write_grid(queue, &grid.masks, cells);
        }
        self.written = Some(written);
    }

    /// The scene's group 0 (`layout`): `globals` and these lamps.
    pub fn bind_group(
        &self,
        device: &wgpu::Device,
        layout: &wgpu::BindGroupLayout,
        globals: &wgpu::Buffer,
    ) -> wgpu::BindGroup {
        let grid_view = self
            .grid
            .create_view(&wgpu::TextureViewDescriptor::default());
        let entries = [
            wgpu::BindGroupEntry {
                binding: 0,
                resource: globals.as_entire_binding(),
            },
            wgpu::BindGroupEntry {
                binding: 1,
                resource: self.uniform.as_entire_binding(),
            },
            wgpu::BindGroupEntry {
                binding: 2,
                resource: self.shadows.as_entire_binding(),
            },
            wgpu::BindGroupEntry {
                binding: 3,
                resource: wgpu::BindingResource::TextureView(&grid_view),
            },
        ];
        let bound: Vec<_> = entries
            .into_iter()
            .filter(|entry| entry.binding != 2 || self.bound_shadows)
            .collect();
        device.create_bind_group(&wgpu::BindGroupDescriptor {
            label: Some("globals"),
            layout,
            entries: &bound,
        })
    }

    /// Writes lamp `index`'s shadow row into slot `slot` of the shadow
    /// buffer, as the shader reads it ([`gpu_texel`]).
    fn write_row(&self, queue: &wgpu::Queue, lamps: &LevelLamps, slot: usize, index: usize) {
        if let Some(row) = lamps.packed_row(index) {
            let offset = slot as u64 * ROW_BYTES;
            queue.write_buffer(&self.shadows, offset, bytemuck::cast_slice(row));
        }
    }

    /// Writes the `cells` of a light grid's `masks` (all of its cells, row
    /// by row) into the grid texture.
    fn write_grid(&self, queue: &wgpu::Queue, masks: &[[u32; 2]], cells: TexelRect) {
        let first = (cells.y * GRID_CELLS + cells.x) as usize;
        queue.write_texture(
            wgpu::TexelCopyTextureInfo {
                texture: &self.grid,
                mip_level: 0,
                origin: wgpu::Origin3d {
                    x: cells.x,
                    y: cells.y,
                    z: 0,
                },
                aspect: wgpu::TextureAspect::All,
            },
            bytemuck::cast_slice(masks.get(first..).unwrap_or_default()),
            wgpu::TexelCopyBufferLayout {
                offset: 0,
                bytes_per_row: Some(GRID_CELLS * size_of::<[u32; 2]>() as u32),
                rows_per_image: None,
            },
            wgpu::Extent3d {
                width: cells.width,
                height: cells.height,
                depth_or_array_layers: 1,
            },
        );
    }
}
