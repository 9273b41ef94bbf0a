//! Sound out through a PulseAudio server (or PipeWire's, which speaks its
//! protocol): one playback stream of 16-bit stereo, over the server's
//! Unix socket, with the `pulseaudio` crate's protocol in Rust, so the
//! build links no C library. The server clocks the stream: it asks for
//! bytes as it plays, and the caller mixes only what it asks for, so what
//! is written is never more than the stream's short buffer ahead of what
//! is heard.

use std::ffi::CString;
use std::io::{self, BufReader};
use std::os::unix::net::UnixStream;
use std::path::PathBuf;
use std::time::Duration;

use pulseaudio::protocol::{self, Command};

/// The sound server can be asked for here.
pub const HAS_SOUND_SERVER: bool = true;

/// Bytes of one stereo 16-bit frame.
const FRAME_BYTES: u32 = 4;

/// The stream's target buffer, sink included: what the server holds
/// ahead of the ear.
const SOUND_BUFFER: Duration = Duration::from_millis(20);

/// The least the server asks for at once: how long a sound waits, at
/// most, before it is mixed and written.
const SOUND_REQUEST: Duration = Duration::from_millis(10);

/// A playback stream on the sound server.
#[derive(Debug)]
pub struct SoundServer {
    socket: BufReader<UnixStream>,
    version: u16,
    channel: u32,
    /// Bytes asked for and not yet written.
    asked: u32,
}

impl SoundServer {
    /// Connects as `name` and opens a stream of `rate` frames a second.
    /// The server is found as libpulse finds it: `PULSE_SERVER` (a
    /// `unix:` path), else `native` in `PULSE_RUNTIME_PATH`, else in
    /// `$XDG_RUNTIME_DIR/pulse`.
    pub fn connect(name: &str, rate: u32) -> io::Result<Self> {
        let path = socket_path().ok_or_else(|| {
            io::Error::new(
                io::ErrorKind::NotFound,
                "no server socket (XDG_RUNTIME_DIR unset)",
            )
        })?;
        let stream = UnixStream::connect(&path).map_err(|error| {
            io::Error::new(error.kind(), format!("{}: {error}", path.display()))
        })?;
        let mut socket = BufReader::new(stream);
        let version = authenticate(&mut socket, name)?;
        let (channel, asked) = open_stream(&mut socket, version, rate)?;
        Ok(Self {
            socket,
            version,
            channel,
            asked,
        })
    }

    /// The frames the server asks for next: waits until it asks (the
    /// sound thread's pace). Fails when the server goes away or ends the
    /// stream.
    pub fn next_request(&mut self) -> io::Result<usize> {
        while self.asked < FRAME_BYTES {
            let (_, command) = protocol::read_command_message(&mut self.socket, self.version)
                .map_err(io::Error::other)?;
            match command {
                Command::Request(request) if request.channel == self.channel => {
                    self.asked += request.length;
                }
                Command::PlaybackStreamKilled(channel) if channel == self.channel => {
                    return Err(io::Error::other("the server ended the stream"));
                }
                Command::Error(error) => return Err(io::Error::other(format!("{error:?}"))),
                // Started, underflows and the rest need nothing.
                _ => {}
            }
        }
        Ok((self.asked / FRAME_BYTES) as usize)
    }

    /// Writes `samples`, left and right interleaved, 16-bit little-endian.
    pub fn write(&mut self, samples: &[u8]) -> io::Result<()> {
        protocol::write_memblock(self.socket.get_mut(), self.channel, samples, 0)
            .map_err(io::Error::other)?;
        let written = u32::try_from(samples.len()).unwrap_or(u32::MAX);
        self.asked = self.asked.saturating_sub(written);
        Ok(())
    }
}

/// The server's socket, as libpulse looks for it.
fn socket_path() -> Option<PathBuf> {
    let variable = |name| std::env::var_os(name).map(PathBuf::from);
    if let Ok(server) = std::env::var("PULSE_SERVER") {
        let path = server.strip_prefix("unix:").unwrap_or(&server);
        return Some(PathBuf::from(path));
    }
    variable("PULSE_RUNTIME_PATH")
        .or_else(|| variable("XDG_RUNTIME_DIR").map(|folder| folder.join("pulse")))
        .map(|folder| folder.join("native"))
}

/// Authenticates with the cookie, if any (a local server may need none),
/// and names the client; returns the protocol version both speak.
fn authenticate(socket: &mut BufReader<UnixStream>, name: &str) -> io::Result<u16> {
    let cookie = pulseaudio::cookie_path_from_env()
        .and_then(|path| std::fs::read(path).ok())
        .unwrap_or_default();
    let auth = protocol::AuthParams {
        version: protocol::MAX_VERSION,
        supports_shm: false,
        supports_memfd: false,
        cookie,
    };
    protocol::write_command_message(
        socket.get_mut(),
        0,
        &Command::Auth(auth),
        protocol::MAX_VERSION,
    )
    .map_err(io::Error::other)?;
    let (_, reply) =
        protocol::read_reply_message::<protocol::AuthReply>(socket, protocol::MAX_VERSION)
            .map_err(io::Error::other)?;
    let version = protocol::MAX_VERSION.min(reply.version);
    let mut properties = protocol::Props::new();
    let name = CString::new(name).map_err(io::Error::other)?;
    properties.set(protocol::Prop::ApplicationName, name);
    protocol::write_command_message(
        socket.get_mut(),
        1,
        &Command::SetClientName(properties),
        version,
    )
    .map_err(io::Error::other)?;
    protocol::read_reply_message::<protocol::SetClientNameReply>(socket, version)
        .map_err(io::Error::other)?;
    Ok(version)
}

/// Opens the playback stream on the default sink: 16-bit stereo at
/// `rate`, with a buffer of [`SOUND_BUFFER`] in all (the server sets the
/// sink's latency to fit) asked for in pieces of at least
/// [`SOUND_REQUEST`]. Returns its channel and the bytes asked for first.
fn open_stream(
    socket: &mut BufReader<UnixStream>,
    version: u16,
    rate: u32,
) -> io::Result<(u32, u32)> {
    let bytes = |time: Duration| {
        let frames = u128::from(rate) * time.as_micros() / 1_000_000;
        u32::try_from(frames).unwrap_or(u32::MAX / FRAME_BYTES) * FRAME_BYTES
    };
    let params = protocol::PlaybackStreamParams {
        sample_spec: protocol::SampleSpec {
            format: protocol::SampleFormat::S16Le,
            channels: 2,
            sample_rate: rate,
        },
        channel_map: protocol::ChannelMap::stereo(),
        cvolume: Some(protocol::ChannelVolume::norm(2)),
        buffer_attr: protocol::stream::BufferAttr {
            max_length: u32::MAX,
            target_length: bytes(SOUND_BUFFER),
            pre_buffering: u32::MAX,
            minimum_request_length: bytes(SOUND_REQUEST),
            fragment_size: 0,
        },
        flags: protocol::stream::StreamFlags {
            adjust_latency: true,
            ..Default::default()
        },
        ..Default::default()
    };
    protocol::write_command_message(
        socket.get_mut(),
        2,
        &Command::CreatePlaybackStream(params),
        version,
    )
    .map_err(io::Error::other)?;
    let (_, reply) =
        protocol::read_reply_message::<protocol::CreatePlaybackStreamReply>(socket, version)
            .map_err(io::Error::other)?;
    Ok((reply.channel, reply.requested_bytes))
}
