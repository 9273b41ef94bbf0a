//! What belongs to one level on the GPU, apart from what lives as long as
//! the window: its mesh, material textures and debug lines. A
//! [`SceneBuilder`] makes a [`LevelScene`] on any thread (wgpu devices are
//! shared between threads), so a large level is built while the old one
//! keeps being drawn, then swapped in with [`Renderer::set_level`](super::Renderer::set_level).

use std::sync::{Arc, Mutex};

use super::lines::{LineBuffers, collider_lines};
use super::map::MapBuffers;
use super::scene::{MaterialBinding, SceneBuffers};
use super::sight::SightCuller;
use super::texture_cache::{BrokenTexture, TextureCache};
use crate::collision::Collider;
use crate::level::mesh::scene_mesh;
use crate::level::{Environment, Level};

/// One level on the GPU: what the renderer draws until the next
/// [`Renderer::set_level`](super::Renderer::set_level).
#[derive(Debug)]
pub struct LevelScene {
    pub(super) mesh: SceneBuffers,
    pub(super) lines: LineBuffers,
    /// The level's shapes as the top-down map draws them.
    pub(super) map: MapBuffers,
    /// Which chunks' shapes the eye can see.
    pub(super) sight: SightCuller,
    /// Fog distance, ambient, light and ceiling of the level.
    pub(super) environment: Environment,
    /// One line per material shown as a checkerboard.
    pub warnings: Vec<String>,
}

impl LevelScene {
    /// Bytes of GPU memory the level's buffers take (textures not counted:
    /// they are shared through the cache).
    pub fn buffer_bytes(&self) -> u64 {
        self.mesh.buffer_bytes() + self.lines.buffer_bytes() + self.map.buffer_bytes()
    }

    /// How many mesh batches (material × chunk) the level has.
    pub fn batch_count(&self) -> usize {
        self.mesh.batch_count()
    }
}

/// Makes [`LevelScene`]s for one renderer. Cheap to clone and `Send`: hand a
/// clone to a worker thread to build a level off the main thread.
#[derive(Debug, Clone)]
pub struct SceneBuilder {
    device: wgpu::Device,
    queue: wgpu::Queue,
    materials: MaterialBinding,
    textures: Arc<Mutex<TextureCache>>,
}

impl SceneBuilder {
    pub(super) fn new(
        device: &wgpu::Device,
        queue: &wgpu::Queue,
        materials: MaterialBinding,
    ) -> Self {
        Self {
            device: device.clone(),
            queue: queue.clone(),
            materials,
            textures: Arc::default(),
        }
    }

    /// Builds and uploads `level`'s mesh, textures (from the cache when
    /// unchanged) `collider`'s debug lines and map shapes. Errors, leaving nothing
    /// half-built, when a buffer exceeds the device's limits or (with
    /// [`BrokenTexture::RefuseUndecodable`]) an image does not decode.
    pub fn build(
        &self,
        level: &Level,
        collider: &Collider,
        broken_textures: BrokenTexture,
    ) -> anyhow::Result<LevelScene> {
        let mut textures = Vec::with_capacity(level.materials.len());
        let mut warnings = Vec::new();
        {
            // A poisoned lock only means another build panicked mid-way;
            // the cache holds whole entries only, so it is still usable.
            let mut cache = self
                .textures
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner);
            for material in &level.materials {
                let texture = cache
                    .texture(&self.device, &self.queue, material, broken_textures)
                    .map_err(anyhow::Error::msg)?;
                warnings.extend(texture.warning);
                textures.push((material.name.clone(), texture.view));
            }
            cache.retain_used();
        }
        for warning in &warnings {
            log::warn!("{warning}");
        }
        let mesh = SceneBuffers::new(&self.device, &self.materials, scene_mesh(level), &textures)?;
        let lines = LineBuffers::new(&self.device, collider_lines(collider))?;
        let map = MapBuffers::new(&self.device, collider)?;
        Ok(LevelScene {
            mesh,
            lines,
            map,
            sight: SightCuller::new(level, collider),
            environment: level.environment,
            warnings,
        })
    }

    /// How many images the texture cache has decoded and uploaded so far
    /// (a reload that changes no image adds none).
    pub fn textures_decoded(&self) -> u64 {
        self.textures
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .decoded_count()
    }
}
