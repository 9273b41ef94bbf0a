//! Typed events between the session's parts, the session and the shell
//! (Bevy's `EventWriter` and `EventReader`): a writer sends an event of one
//! kind into that kind's queue, and the kind's reader reads what was sent
//! since it last read, in the order sent. Every kind here has one reader
//! (the shell its requests, the session the level's changes, edit mode
//! the map's edits), so reading takes the events: each is read once, and
//! one not read yet waits for its reader however many frames pass. What
//! the kinds are, and who sends and reads each, is `events.rs`.

/// The events of one kind sent and not read yet, in the order sent.
#[derive(Debug)]
pub struct EventQueue<T> {
    unread: Vec<T>,
}

impl<T> Default for EventQueue<T> {
    fn default() -> Self {
        Self { unread: Vec::new() }
    }
}

impl<T> EventQueue<T> {
    /// Sends `event` to this kind's reader.
    pub fn send(&mut self, event: T) {
        self.unread.push(event);
    }

    /// Reads the events sent since the last read, in the order sent: the
    /// reader takes them, and the next read starts after them.
    pub fn read(&mut self) -> std::vec::Drain<'_, T> {
        self.unread.drain(..)
    }

    /// The events sent and not read yet, for a writer to look at: it may
    /// ask whether what it sent is still on its way.
    pub fn unread(&self) -> &[T] {
        &self.unread
    }

    /// The last event sent and not read yet: a writer may add to it rather
    /// than send another (edits one after another go live as one change).
    pub fn last_unread_mut(&mut self) -> Option<&mut T> {
        self.unread.last_mut()
    }
}

#[cfg(test)]
mod tests {
    use super::EventQueue;

    #[test]
    fn each_event_is_read_once_in_the_order_sent() {
        let mut queue = EventQueue::default();
        queue.send(1);
        queue.send(2);
        assert_eq!(queue.unread(), [1, 2]);
        assert_eq!(queue.read().collect::<Vec<_>>(), [1, 2]);
        assert_eq!(queue.read().count(), 0, "read again");
        queue.send(3);
        assert_eq!(queue.unread(), [3]);
        assert_eq!(queue.read().collect::<Vec<_>>(), [3]);
    }
}
