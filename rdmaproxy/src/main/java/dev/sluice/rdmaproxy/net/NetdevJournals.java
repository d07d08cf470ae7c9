package dev.sluice.rdmaproxy.net;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The directory of {@link NetdevJournal}s ({@link NetdevMover#JOURNAL_DIR} on the host) and its
 * lock: a record in it is the claim on a netdev, written before the netdev moves and removed once
 * it is back on the host.
 *
 * <p>Lock order: {@link #LOCK} (threads of one JVM), then the directory's {@code .lock} file
 * (processes); {@link NetdevMover} holds both for a whole move or restore.
 */
public final class NetdevJournals {
    private static final Logger LOG = LoggerFactory.getLogger(NetdevJournals.class);
    private static final ReentrantLock LOCK = new ReentrantLock();

    private final Path dir;

    public NetdevJournals(Path dir) {
        this.dir = dir;
    }

    public Path dir() {
        return dir;
    }

    /** Where the record of {@code netdev} lives. */
    public Path file(String netdev) {
        return NetdevJournal.file(dir, netdev);
    }

    /** The record of {@code netdev}, if there is one. */
    public Optional<NetdevJournal> read(String netdev) {
        return NetdevJournal.read(dir, netdev);
    }

    /** Every record. */
    public List<NetdevJournal> all() {
        return NetdevJournal.all(dir);
    }

    /** Whether any record is of a netdev moved into the network namespace named {@code netns}. */
    public boolean anyIn(String netns) {
        return all().stream().anyMatch(j -> j.netns().equals(netns));
    }

    /** Writes {@code j}: the claim on its netdev; fails if another record took it meanwhile. */
    public void claim(NetdevJournal j) {
        try {
            if (!j.create(dir)) {
                throw new NetdevException(
                        "netdev "
                                + j.netdev()
                                + " is already in another sandbox (its record "
                                + file(j.netdev())
                                + " appeared meanwhile)");
            }
        } catch (IOException e) {
            throw new NetdevException(
                    "cannot write " + file(j.netdev()) + ": " + e.getMessage(), e);
        }
    }

    /** Removes {@code j}; a failure is logged (the record is then found again as stale). */
    public void release(NetdevJournal j) {
        try {
            j.delete(dir);
        } catch (IOException e) {
            LOG.warn("cannot remove {}: {}", file(j.netdev()), e.getMessage());
        }
    }

    /** Takes both locks; closing the result releases them. */
    public Locked lock() {
        LOCK.lock();
        try {
            Files.createDirectories(dir);
            FileChannel ch =
                    FileChannel.open(
                            dir.resolve(".lock"),
                            StandardOpenOption.CREATE,
                            StandardOpenOption.WRITE);
            try {
                return new Locked(ch, ch.lock());
            } catch (IOException | RuntimeException e) {
                ch.close();
                throw e;
            }
        } catch (IOException e) {
            LOCK.unlock();
            throw new NetdevException("cannot lock " + dir + ": " + e.getMessage(), e);
        } catch (RuntimeException e) {
            LOCK.unlock();
            throw e;
        }
    }

    /** The two locks, held. */
    public record Locked(FileChannel channel, FileLock lock) implements AutoCloseable {
        @Override
        public void close() {
            try {
                channel.close();
            } catch (IOException e) {
                // closing releases the lock; nothing to add
            } finally {
                LOCK.unlock();
            }
        }
    }
}
