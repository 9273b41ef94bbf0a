//! Material textures on the GPU, cached by where their pixels come from and
//! by their content: a reload that leaves an image file (or a picture held
//! in memory) unchanged reuses its texture instead of decoding and
//! uploading it again, and a changed file (same path, new bytes) is decoded
//! anew.

use std::borrow::Cow;
use std::collections::HashMap;
use std::hash::{DefaultHasher, Hash as _, Hasher as _};
use std::path::PathBuf;

use super::texture::upload_with_mipmaps;
use crate::level::{
    Material, TextureData, TextureSource, checkerboard, decode_texture, texture_data,
    texture_warning,
};

/// What a texture was made from: a builtin's name, or a file's path (or
/// an in-memory picture's) and a hash of its bytes (or pixels).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
enum TextureKey {
    Builtin(String),
    File {
        path: PathBuf,
        content: u64,
    },
    /// The fallback checkerboard.
    Checkerboard,
}

/// How a texture that cannot be used is handled.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BrokenTexture {
    /// Show a magenta/black checkerboard and warn: a broken texture must be
    /// visible, never fatal (the first load of a level).
    Checkerboard,
    /// Refuse: an image file that exists but does not decode fails the
    /// build, so a hot reload keeps the old level (all or nothing). A file
    /// that is missing still gets the checkerboard, as on a first load.
    RefuseUndecodable,
}

/// One material's texture, ready to bind, and what went wrong on the way.
#[derive(Debug, Clone)]
pub struct CachedTexture {
    /// The texture with its full mip chain.
    pub view: wgpu::TextureView,
    /// Why the checkerboard is shown instead of the material's image.
    pub warning: Option<String>,
}

/// Textures by source and content. Entries not used by the latest level are
/// dropped by [`TextureCache::retain_used`]; scenes keep their own (reference-counted) handles,
/// so dropping an entry never pulls a texture from under a drawn level.
#[derive(Debug, Default)]
pub struct TextureCache {
    entries: HashMap<TextureKey, wgpu::TextureView>,
    used: Vec<TextureKey>,
    /// How many images were decoded and uploaded (not found in the cache).
    decoded: u64,
}

impl TextureCache {
    /// How many images this cache has decoded and uploaded so far.
    pub fn decoded_count(&self) -> u64 {
        self.decoded
    }

    /// The texture of `material`, from the cache when its source and content
    /// are unchanged. With [`BrokenTexture::RefuseUndecodable`], an image
    /// that exists but does not decode is an error naming the file.
    pub fn texture(
        &mut self,
        device: &wgpu::Device,
        queue: &wgpu::Queue,
        material: &Material,
        policy: BrokenTexture,
    ) -> Result<CachedTexture, String> {
        let (key, image, warning) = match texture_data(material) {
            Ok(data) => {
                let key = match &material.texture {
                    TextureSource::Builtin(name) => TextureKey::Builtin(name.clone()),
                    TextureSource::File(path) | TextureSource::InMemory { file: path, .. } => {
                        TextureKey::File {
                            path: path.clone(),
                            content: content_hash(&data),
                        }
                    }
                };
                if let Some(view) = self.entries.get(&key).cloned() {
                    self.used.push(key);
                    return Ok(CachedTexture {
                        view,
                        warning: None,
                    });
                }
                let image = match data {
                    TextureData::Encoded(bytes) => decode_texture(material, &bytes).map(Cow::Owned),
                    TextureData::Decoded(image) => Ok(Cow::Borrowed(image)),
                };
                match image {
                    Ok(image) => (key, Some(image), None),
                    Err(reason) if policy == BrokenTexture::RefuseUndecodable => {
                        return Err(reason);
                    }
                    Err(reason) => (TextureKey::Checkerboard, None, Some(reason)),
                }
            }
            Err(reason) => (TextureKey::Checkerboard, None, Some(reason)),
        };
        let view = match self.entries.get(&key) {
            Some(view) => view.clone(),
            None => {
                let image = image.unwrap_or_else(|| Cow::Owned(checkerboard()));
                let texture = upload_with_mipmaps(device, queue, &material.name, &image);
                let view = texture.create_view(&wgpu::TextureViewDescriptor::default());
                self.decoded += 1;
                self.entries.insert(key.clone(), view.clone());
                view
            }
        };
        self.used.push(key);
        Ok(CachedTexture {
            view,
            warning: warning.map(|reason| texture_warning(material, &reason).to_string()),
        })
    }

    /// Forgets every entry that no texture lookup used since the last call,
    /// so a long session of reloads does not pile up old images.
    pub fn retain_used(&mut self) {
        let used = std::mem::take(&mut self.used);
        self.entries.retain(|key, _| used.contains(key));
    }
}

/// A hash of a file's bytes (or a picture's pixels), to tell a changed
/// image from an unchanged one.
fn content_hash(data: &TextureData<'_>) -> u64 {
    let bytes = match data {
        TextureData::Encoded(bytes) => &**bytes,
        TextureData::Decoded(image) => image.as_raw(),
    };
    let mut hasher = DefaultHasher::new();
    bytes.hash(&mut hasher);
    hasher.finish()
}
