package dev.sluice.oci.state;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;

import dev.sluice.oci.OciException;
import dev.sluice.sentry.launch.HostProcess;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.ReentrantLock;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The containers under {@code --root}: one directory per container id holding
 *
 * <ul>
 *   <li>{@code state.json}: a {@link ContainerState}, replaced atomically (write, then rename);
 *   <li>{@code lock}: taken (fcntl lock) by every command that changes the container, so that
 *       commands on one container run one at a time while commands on different containers never
 *       wait for each other;
 *   <li>what the detached sentry keeps there: its control socket, its log, the empty directory the
 *       root filesystem was assembled on.
 * </ul>
 *
 * Nothing else is kept anywhere: {@link #remove} deletes the directory and the container is gone.
 */
public final class StateStore {
    /** runc's rule for ids: letters, digits and {@code _ + - .}, not "." or "..". */
    private static final Pattern ID = Pattern.compile("[\\w+\\-.]+");

    static final String STATE = "state.json";
    static final String LOCK = "lock";

    private static final ObjectMapper MAPPER =
            JsonMapper.builder().disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES).build();

    private final Path root;

    public StateStore(Path root) {
        this.root = root.toAbsolutePath().normalize();
    }

    public Path root() {
        return root;
    }

    /** Refuses ids that are not runc's: they become directory names. */
    public static void checkId(String id) {
        if (id == null || id.isEmpty()) {
            throw new OciException("container id cannot be empty");
        }
        if (!ID.matcher(id).matches() || id.equals(".") || id.equals("..") || id.length() > 1024) {
            throw new OciException(
                    "invalid container id " + quote(id) + ": use letters, digits and _ + - . only");
        }
    }

    public Path dir(String id) {
        checkId(id);
        return root.resolve(id);
    }

    /**
     * Creates the container's directory and returns it locked; fails if the id is taken. The
     * directory is private to root (0700), like its parent.
     */
    public Locked create(String id) {
        Path dir = dir(id);
        try {
            Files.createDirectories(
                    root,
                    PosixFilePermissions.asFileAttribute(
                            PosixFilePermissions.fromString("rwx--x--x")));
            Files.createDirectory(
                    dir,
                    PosixFilePermissions.asFileAttribute(
                            PosixFilePermissions.fromString("rwx------")));
        } catch (FileAlreadyExistsException e) {
            throw new OciException("container with id exists: " + id);
        } catch (IOException e) {
            throw new OciException(
                    "cannot create the state directory " + dir + ": " + e.getMessage(), e);
        }
        return lockDir(id, dir);
    }

    /**
     * Locks an existing container; fails naming the id if there is none (or it vanished while we
     * waited).
     */
    public Locked lock(String id) {
        Path dir = dir(id);
        if (!Files.isDirectory(dir, LinkOption.NOFOLLOW_LINKS)) {
            throw doesNotExist(id);
        }
        return lockDir(id, dir);
    }

    /**
     * The lock of one JVM's commands on a container: fcntl locks are the process's, so two commands
     * the runtime service runs at once must also take turns inside the JVM (and a second open of
     * the lock file would drop the first one's lock when it closed).
     */
    private static final ConcurrentHashMap<Path, ReentrantLock> IN_JVM = new ConcurrentHashMap<>();

    private Locked lockDir(String id, Path dir) {
        ReentrantLock inJvm =
                IN_JVM.computeIfAbsent(dir.toAbsolutePath().normalize(), d -> new ReentrantLock());
        inJvm.lock();
        FileChannel ch = null;
        boolean locked = false;
        try {
            ch =
                    FileChannel.open(
                            dir.resolve(LOCK), StandardOpenOption.CREATE, StandardOpenOption.WRITE);
            ch.lock();
            // A delete that held the lock before us removed the directory: the container is gone.
            if (!Files.isDirectory(dir, LinkOption.NOFOLLOW_LINKS)) {
                throw doesNotExist(id);
            }
            locked = true;
            return new Locked(id, dir, ch, inJvm);
        } catch (NoSuchFileException e) {
            throw doesNotExist(id);
        } catch (IOException e) {
            throw new OciException("cannot lock container " + id + ": " + e.getMessage(), e);
        } finally {
            if (!locked) {
                closeQuietly(ch); // releases the fcntl lock too
                inJvm.unlock();
            }
        }
    }

    /** The recorded state, or empty while {@code create} has not written it yet. */
    public Optional<ContainerState> read(String id) {
        Path dir = dir(id);
        if (!Files.isDirectory(dir, LinkOption.NOFOLLOW_LINKS)) {
            throw doesNotExist(id);
        }
        try {
            return Optional.of(MAPPER.readValue(dir.resolve(STATE).toFile(), ContainerState.class));
        } catch (NoSuchFileException | java.io.FileNotFoundException e) {
            return Optional.empty();
        } catch (IOException e) {
            throw new OciException(
                    "container "
                            + id
                            + ": cannot read "
                            + dir.resolve(STATE)
                            + ": "
                            + e.getMessage(),
                    e);
        }
    }

    /** Replaces state.json atomically: readers see the old or the new state, never half of one. */
    public void write(ContainerState s) {
        Path dir = dir(s.id());
        Path tmp = dir.resolve(STATE + ".tmp");
        try {
            MAPPER.writeValue(tmp.toFile(), s);
            try {
                Files.move(
                        tmp,
                        dir.resolve(STATE),
                        StandardCopyOption.ATOMIC_MOVE,
                        StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(tmp, dir.resolve(STATE), StandardCopyOption.REPLACE_EXISTING);
            }
        } catch (IOException e) {
            throw new OciException(
                    "container "
                            + s.id()
                            + ": cannot write "
                            + dir.resolve(STATE)
                            + ": "
                            + e.getMessage(),
                    e);
        }
    }

    /** The ids of every container under the root, sorted. */
    public List<String> ids() {
        if (!Files.isDirectory(root)) {
            return List.of();
        }
        try (Stream<Path> s = Files.list(root)) {
            return s.filter(p -> Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS))
                    .map(p -> p.getFileName().toString())
                    .filter(n -> ID.matcher(n).matches())
                    .sorted()
                    .toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The status the processes show now. */
    public Status status(Optional<ContainerState> state) {
        if (state.isEmpty()) {
            return Status.CREATING;
        }
        ContainerState s = state.get();
        if (s.pid() <= 0) {
            HostProcess sentry = new HostProcess(s.sentryPid(), s.sentryStartTime());
            return sentry.alive() ? Status.CREATING : Status.STOPPED;
        }
        if (!new HostProcess(s.pid(), s.pidStartTime()).alive()) {
            return Status.STOPPED;
        }
        return s.started() ? Status.RUNNING : Status.CREATED;
    }

    /**
     * Deletes the container's directory and everything in it, without following links. Mount points
     * in it are only empty directories on the host: the mounts lived in the container's own mount
     * namespace.
     */
    public void remove(String id) {
        Path dir = dir(id);
        try {
            Files.walkFileTree(
                    dir,
                    new SimpleFileVisitor<>() {
                        @Override
                        public FileVisitResult visitFile(Path file, BasicFileAttributes attrs)
                                throws IOException {
                            Files.deleteIfExists(file);
                            return FileVisitResult.CONTINUE;
                        }

                        @Override
                        public FileVisitResult postVisitDirectory(Path d, IOException exc)
                                throws IOException {
                            if (exc != null) {
                                throw exc;
                            }
                            Files.deleteIfExists(d);
                            return FileVisitResult.CONTINUE;
                        }
                    });
        } catch (NoSuchFileException e) {
            // Already gone.
        } catch (DirectoryNotEmptyException e) {
            throw new OciException(
                    "container "
                            + id
                            + ": cannot remove "
                            + dir
                            + ": "
                            + e.getFile()
                            + " is not empty (a mount leaked to the host?)",
                    e);
        } catch (IOException e) {
            throw new OciException(
                    "container " + id + ": cannot remove " + dir + ": " + e.getMessage(), e);
        }
    }

    public static OciException doesNotExist(String id) {
        return new OciException("container " + quote(id) + " does not exist");
    }

    private static String quote(String s) {
        return "\"" + (s == null ? "" : s.replace("\"", "\\\"")) + "\"";
    }

    private static void closeQuietly(FileChannel ch) {
        if (ch != null) {
            try {
                ch.close();
            } catch (IOException e) {
                // nothing to add
            }
        }
    }

    /** A container directory held under its lock; closing releases the lock. */
    public static final class Locked implements AutoCloseable {
        private final String id;
        private final Path dir;
        private final FileChannel channel;
        private final ReentrantLock inJvm;
        private boolean closed;

        Locked(String id, Path dir, FileChannel channel, ReentrantLock inJvm) {
            this.id = id;
            this.dir = dir;
            this.channel = channel;
            this.inJvm = inJvm;
        }

        public String id() {
            return id;
        }

        public Path dir() {
            return dir;
        }

        @Override
        public void close() {
            if (!closed) {
                closed = true;
                closeQuietly(channel);
                inJvm.unlock();
            }
        }
    }

    /**
     * Every state directory entry that is not the lock or the state (for tests and diagnostics).
     */
    List<Path> contents(String id) throws IOException {
        List<Path> out = new ArrayList<>();
        try (Stream<Path> s = Files.list(dir(id))) {
            s.forEach(out::add);
        }
        return out;
    }
}
