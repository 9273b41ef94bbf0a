//! A WAD's pictures as RGBA images: wall textures (TEXTURE1 and TEXTURE2
//! composites of PNAMES patches, each patch columns of posts) and flats
//! (raw palette indices between `F_START` and `F_END`, or `FF_START` and
//! `FF_END` as PWADs write them), coloured by PLAYPAL's first palette.
//! A texel of a wall texture that no patch covers is transparent.

use fnv::FnvHashMap;
use image::{Rgba, RgbaImage};

use super::directory::{Wad, lump_name};
use super::error::{WadError, WadProblem};

/// Bytes of one palette: 256 RGB triples.
const PALETTE_SIZE: usize = 768;
/// The side of a Doom flat, in texels.
const FLAT_SIDE: u32 = 64;
/// The post `topdelta` that ends a column.
const END_OF_COLUMN: u8 = 0xFF;
/// Bytes of a TEXTUREx entry before its patch records.
const TEXTURE_HEADER_SIZE: usize = 22;
/// The most texels a wall texture may have (4096 × 4096): far above any
/// Doom texture, and a bound on what one bad definition makes us allocate.
const MAX_TEXELS: u64 = 4096 * 4096;
/// Bytes of one patch record of a TEXTUREx entry.
const PATCH_RECORD_SIZE: usize = 10;

/// The wall textures and flats of one WAD, ready to be drawn: the palette,
/// the texture definitions and where each flat and patch lies. Reading
/// them checks the definitions; each picture is decoded when asked for.
#[derive(Debug)]
pub struct WadTextures<'wad> {
    wad: &'wad Wad,
    palette: [[u8; 3]; 256],
    flats: FnvHashMap<String, usize>,
    patch_lumps: FnvHashMap<String, usize>,
    textures: Vec<TextureDefinition>,
    texture_index: FnvHashMap<String, usize>,
}

/// A wall texture as TEXTURE1 or TEXTURE2 defines it.
#[derive(Debug, Clone)]
struct TextureDefinition {
    name: String,
    width: u32,
    height: u32,
    /// Where it is defined, for errors: `TEXTURE1 STARTAN3`.
    place: String,
    patches: Vec<PatchPlacement>,
}

/// One patch of a texture: its name (from PNAMES) and its top-left corner
/// in the texture.
#[derive(Debug, Clone)]
struct PatchPlacement {
    patch: String,
    x: i64,
    y: i64,
}

impl<'wad> WadTextures<'wad> {
    /// Reads PLAYPAL, PNAMES, TEXTURE1 and TEXTURE2 (both optional, but
    /// PNAMES is needed when either is there) and where the flats and
    /// patches lie.
    pub fn read(wad: &'wad Wad) -> Result<WadTextures<'wad>, WadError> {
        let palette = read_palette(wad)?;
        let (flats, patch_lumps) = namespaces(wad);
        let mut textures = WadTextures {
            wad,
            palette,
            flats,
            patch_lumps,
            textures: Vec::new(),
            texture_index: FnvHashMap::default(),
        };
        let definitions =
            ["TEXTURE1", "TEXTURE2"].map(|lump| wad.find(lump).map(|index| (lump, index)));
        if definitions.iter().flatten().next().is_none() {
            return Ok(textures);
        }
        let patch_names = read_patch_names(wad)?;
        for (lump, index) in definitions.into_iter().flatten() {
            for definition in read_texture_definitions(wad, lump, index, &patch_names)? {
                // The first definition of a name is the one Doom draws.
                let next = textures.textures.len();
                textures
                    .texture_index
                    .entry(definition.name.clone())
                    .or_insert(next);
                textures.textures.push(definition);
            }
        }
        Ok(textures)
    }

    /// The names of the wall textures, in the order they are defined.
    pub fn wall_names(&self) -> impl Iterator<Item = &str> {
        self.textures.iter().map(|texture| texture.name.as_str())
    }

    /// The names of the flats.
    pub fn flat_names(&self) -> impl Iterator<Item = &str> {
        self.flats.keys().map(String::as_str)
    }

    /// The wall texture `name` (any case) as an image, `None` when no
    /// TEXTUREx defines it.
    pub fn wall(&self, name: &str) -> Result<Option<RgbaImage>, WadError> {
        let name = name.to_ascii_uppercase();
        let Some(texture) = self
            .texture_index
            .get(&name)
            .and_then(|&index| self.textures.get(index))
        else {
            return Ok(None);
        };
        let mut image = RgbaImage::new(texture.width, texture.height);
        for placement in &texture.patches {
            let index = self
                .patch_lumps
                .get(&placement.patch)
                .copied()
                .ok_or_else(|| {
                    let lump = placement.patch.clone();
                    self.wad
                        .error(&texture.place, WadProblem::MissingLump { lump })
                })?;
            let bytes = self.wad.lump_bytes(index, &placement.patch)?;
            self.draw_patch(bytes, &placement.patch, placement, &mut image)?;
        }
        Ok(Some(image))
    }

    /// The flat `name` (any case) as an image, `None` when no flat has
    /// that name. A flat is 64 × 64 texels; a square lump of another size
    /// is that size, and a longer lump gives its first 64 × 64.
    pub fn flat(&self, name: &str) -> Result<Option<RgbaImage>, WadError> {
        let name = name.to_ascii_uppercase();
        let Some(&index) = self.flats.get(&name) else {
            return Ok(None);
        };
        let bytes = self.wad.lump_bytes(index, &name)?;
        let square =
            (1..=1024u32).find(|side| usize::try_from(side * side).ok() == Some(bytes.len()));
        let side = match square {
            Some(side) => side,
            None if bytes.len() >= (FLAT_SIDE * FLAT_SIDE) as usize => FLAT_SIDE,
            None => {
                let problem = WadProblem::TooShort {
                    what: "a 64 × 64 flat".to_string(),
                    needed: (FLAT_SIDE * FLAT_SIDE) as usize,
                    size: bytes.len(),
                };
                return Err(self.wad.error(&name, problem));
            }
        };
        let mut image = RgbaImage::new(side, side);
        for (pixel, &colour) in image.pixels_mut().zip(bytes) {
            *pixel = self.colour(colour);
        }
        Ok(Some(image))
    }

    /// The opaque colour of palette index `index`.
    fn colour(&self, index: u8) -> Rgba<u8> {
        let [red, green, blue] = self.palette[usize::from(index)];
        Rgba([red, green, blue, 255])
    }

    /// Draws the patch `bytes` (the lump `name`) into `image` at
    /// `placement`, clipped to the image: a header (width, height, left
    /// and top offsets), a u32 offset per column, and each column's posts
    /// (`topdelta`, length, a pad byte, the texels, a pad byte) up to 0xFF.
    /// A `topdelta` not below the last one continues from it, as tall
    /// patches are written.
    fn draw_patch(
        &self,
        bytes: &[u8],
        name: &str,
        placement: &PatchPlacement,
        image: &mut RgbaImage,
    ) -> Result<(), WadError> {
        let fail = |message: String| self.wad.error(name, WadProblem::Picture(message));
        let too_short = |what: &str, needed: usize| {
            let what = what.to_string();
            let size = bytes.len();
            self.wad
                .error(name, WadProblem::TooShort { what, needed, size })
        };
        let header = bytes
            .get(..8)
            .ok_or_else(|| too_short("the patch header", 8))?;
        let width = i16::from_le_bytes([header[0], header[1]]);
        let width =
            usize::try_from(width).map_err(|_| fail(format!("the width is negative ({width})")))?;
        let offsets_end = 8 + 4 * width;
        let offsets = bytes
            .get(8..offsets_end)
            .ok_or_else(|| too_short("the column offsets", offsets_end))?;
        for (column, offset) in offsets.chunks_exact(4).enumerate() {
            let start = u32::from_le_bytes([offset[0], offset[1], offset[2], offset[3]]);
            let mut at = usize::try_from(start).unwrap_or(usize::MAX);
            let x = placement.x + column as i64;
            let mut top: i64 = -1;
            loop {
                let past_end = || {
                    fail(format!(
                        "column {column} runs past the end of the lump ({} bytes)",
                        bytes.len()
                    ))
                };
                let post = bytes.get(at..).ok_or_else(past_end)?;
                let delta = *post.first().ok_or_else(past_end)?;
                if delta == END_OF_COLUMN {
                    break;
                }
                let length = usize::from(*post.get(1).ok_or_else(past_end)?);
                let texels = post.get(3..3 + length).ok_or_else(past_end)?;
                top = if i64::from(delta) <= top {
                    top + i64::from(delta)
                } else {
                    i64::from(delta)
                };
                for (row, &texel) in texels.iter().enumerate() {
                    let y = placement.y + top + row as i64;
                    if let (Ok(x), Ok(y)) = (u32::try_from(x), u32::try_from(y))
                        && x < image.width()
                        && y < image.height()
                    {
                        image.put_pixel(x, y, self.colour(texel));
                    }
                }
                at = at.saturating_add(4 + length);
            }
        }
        Ok(())
    }
}

/// PLAYPAL's first palette.
fn read_palette(wad: &Wad) -> Result<[[u8; 3]; 256], WadError> {
    let index = wad.find("PLAYPAL").ok_or_else(|| {
        let lump = "PLAYPAL".to_string();
        wad.error("PLAYPAL", WadProblem::MissingLump { lump })
    })?;
    let bytes = wad.lump_bytes(index, "PLAYPAL")?;
    let first = bytes.get(..PALETTE_SIZE).ok_or_else(|| {
        let problem = WadProblem::TooShort {
            what: "a palette".to_string(),
            needed: PALETTE_SIZE,
            size: bytes.len(),
        };
        wad.error("PLAYPAL", problem)
    })?;
    let mut palette = [[0; 3]; 256];
    for (colour, rgb) in palette.iter_mut().zip(first.chunks_exact(3)) {
        colour.copy_from_slice(rgb);
    }
    Ok(palette)
}

/// Where each flat lies (lumps between `F_START`/`FF_START` and
/// `F_END`/`FF_END`) and where each patch lies (lumps between
/// `P_START`/`PP_START` and `P_END`/`PP_END`, then every other lump by
/// its name, as Doom finds patches): a later lump of a name wins.
fn namespaces(wad: &Wad) -> (FnvHashMap<String, usize>, FnvHashMap<String, usize>) {
    let mut flats = FnvHashMap::default();
    let mut patches = FnvHashMap::default();
    let mut anywhere = FnvHashMap::default();
    let (mut in_flats, mut in_patches) = (false, false);
    for (index, lump) in wad.lumps().iter().enumerate() {
        match lump.name.as_str() {
            "F_START" | "FF_START" => in_flats = true,
            "F_END" | "FF_END" => in_flats = false,
            "P_START" | "PP_START" => in_patches = true,
            "P_END" | "PP_END" => in_patches = false,
            name if in_flats => {
                if !name.ends_with("_START") && !name.ends_with("_END") {
                    flats.insert(lump.name.clone(), index);
                }
            }
            _ if in_patches => {
                patches.insert(lump.name.clone(), index);
            }
            _ => {
                anywhere.insert(lump.name.clone(), index);
            }
        }
    }
    for (name, index) in anywhere {
        patches.entry(name).or_insert(index);
    }
    (flats, patches)
}

/// The little-endian i32 at `at` of `bytes`, if there.
fn i32_at(bytes: &[u8], at: usize) -> Option<i32> {
    let word = bytes.get(at..at.checked_add(4)?)?;
    Some(i32::from_le_bytes([word[0], word[1], word[2], word[3]]))
}

/// The little-endian i16 at `at` of `bytes`, if there.
fn i16_at(bytes: &[u8], at: usize) -> Option<i16> {
    let word = bytes.get(at..at.checked_add(2)?)?;
    Some(i16::from_le_bytes([word[0], word[1]]))
}

/// The count that starts a PNAMES or TEXTUREx lump, checked against the
/// bytes it needs: `each` bytes per item after the 4-byte count.
fn count(wad: &Wad, lump: &str, bytes: &[u8], each: usize) -> Result<usize, WadError> {
    let too_short = |needed| {
        let what = "the count".to_string();
        wad.error(
            lump,
            WadProblem::TooShort {
                what,
                needed,
                size: bytes.len(),
            },
        )
    };
    let count = i32_at(bytes, 0).ok_or_else(|| too_short(4))?;
    let count = usize::try_from(count).map_err(|_| {
        wad.error(
            lump,
            WadProblem::Picture(format!("the count is negative ({count})")),
        )
    })?;
    let needed = count
        .checked_mul(each)
        .and_then(|size| size.checked_add(4))
        .unwrap_or(usize::MAX);
    if bytes.len() < needed {
        let what = format!("{count} entries");
        return Err(wad.error(
            lump,
            WadProblem::TooShort {
                what,
                needed,
                size: bytes.len(),
            },
        ));
    }
    Ok(count)
}

/// PNAMES: the patch names TEXTUREx entries refer to by index.
fn read_patch_names(wad: &Wad) -> Result<Vec<String>, WadError> {
    let index = wad.find("PNAMES").ok_or_else(|| {
        let lump = "PNAMES".to_string();
        wad.error("PNAMES", WadProblem::MissingLump { lump })
    })?;
    let bytes = wad.lump_bytes(index, "PNAMES")?;
    let count = count(wad, "PNAMES", bytes, 8)?;
    Ok(bytes[4..]
        .chunks_exact(8)
        .take(count)
        .map(lump_name)
        .collect())
}

/// The texture definitions of the TEXTUREx lump `lump` (directory index
/// `index`).
fn read_texture_definitions(
    wad: &Wad,
    lump: &str,
    index: usize,
    patch_names: &[String],
) -> Result<Vec<TextureDefinition>, WadError> {
    let bytes = wad.lump_bytes(index, lump)?;
    let count = count(wad, lump, bytes, 4)?;
    let mut definitions = Vec::with_capacity(count);
    for number in 0..count {
        let fail = |message: String| {
            wad.error(
                lump,
                WadProblem::Picture(format!("texture {number} {message}")),
            )
        };
        let offset = i32_at(bytes, 4 + 4 * number).unwrap_or(-1);
        let start = usize::try_from(offset)
            .ok()
            .filter(|&start| {
                start
                    .checked_add(TEXTURE_HEADER_SIZE)
                    .is_some_and(|end| end <= bytes.len())
            })
            .ok_or_else(|| {
                fail(format!(
                    "starts at {offset}, outside the lump ({} bytes)",
                    bytes.len()
                ))
            })?;
        let header = &bytes[start..start + TEXTURE_HEADER_SIZE];
        let name = lump_name(&header[..8]);
        let place = format!("{lump} {name}");
        let fail = |message: String| wad.error(&place, WadProblem::Picture(message));
        let size = |at| i16_at(header, at).unwrap_or(0);
        let (width, height) = (size(12), size(14));
        let (Ok(width), Ok(height)) = (u32::try_from(width), u32::try_from(height)) else {
            return Err(fail(format!("has a negative size {width} × {height}")));
        };
        if u64::from(width) * u64::from(height) > MAX_TEXELS {
            return Err(fail(format!(
                "is {width} × {height}, more than the {MAX_TEXELS} texels a texture may have"
            )));
        }
        let patch_count = usize::try_from(size(20)).unwrap_or(0);
        let records_start = start + TEXTURE_HEADER_SIZE;
        let records = bytes
            .get(records_start..records_start + patch_count * PATCH_RECORD_SIZE)
            .ok_or_else(|| {
                fail(format!(
                    "has {patch_count} patches, past the end of the lump"
                ))
            })?;
        let mut patches = Vec::with_capacity(patch_count);
        for (patch_number, record) in records.chunks_exact(PATCH_RECORD_SIZE).enumerate() {
            let field = |at| i16_at(record, at).unwrap_or(0);
            let patch = usize::try_from(field(4))
                .ok()
                .and_then(|patch| patch_names.get(patch))
                .ok_or_else(|| {
                    let problem = WadProblem::IndexOutOfRange {
                        record: "patch",
                        index: patch_number,
                        field: "PNAMES index",
                        value: i64::from(field(4)),
                    };
                    wad.error(&place, problem)
                })?;
            patches.push(PatchPlacement {
                patch: patch.clone(),
                x: i64::from(field(0)),
                y: i64::from(field(2)),
            });
        }
        definitions.push(TextureDefinition {
            name,
            width,
            height,
            place,
            patches,
        });
    }
    Ok(definitions)
}
