package dev.sluice.rdmaproxy.net;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;

import dev.sluice.sentry.launch.HostProcess;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * The record of one netdev Sluice has moved into a sandbox, written before the move and removed
 * once the netdev is back on the host with its addresses: {@code <dir>/<netdev>.json}. It is what
 * makes a move safe against a runtime that dies half way. Whoever finds a record whose sandbox has
 * ended restores the netdev from it ({@link NetdevMover#recoverStale}), and while the sandbox lives
 * the record is the claim that keeps a second sandbox off the same netdev.
 *
 * @param netdev the netdev's name on the host
 * @param inner its name in the sandbox
 * @param netns the name ({@code /run/netns/NAME}) that pins the sandbox's network namespace
 * @param ownerPid the sandbox's pid 1, with its start time: the sandbox lives while it does
 * @param ownerStartTime the pid's start time (/proc/PID/stat), so a reused pid is no owner
 * @param sandbox who holds it, for messages ({@code sluice run}, a container id)
 * @param host the netdev as it was on the host
 */
public record NetdevJournal(
        String netdev,
        String inner,
        String netns,
        int ownerPid,
        long ownerStartTime,
        String sandbox,
        NetdevSnapshot host) {
    private static final ObjectMapper JSON =
            new ObjectMapper().disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

    /** Whether the sandbox that holds the netdev still runs. */
    public boolean ownerAlive() {
        return new HostProcess(ownerPid, ownerStartTime).alive();
    }

    public static Path file(Path dir, String netdev) {
        return dir.resolve(netdev + ".json");
    }

    /** Writes the record; false if one for the same netdev exists already (the claim is taken). */
    boolean create(Path dir) throws IOException {
        Files.createDirectories(dir);
        try {
            Files.write(
                    file(dir, netdev),
                    JSON.writerWithDefaultPrettyPrinter().writeValueAsBytes(this),
                    StandardOpenOption.CREATE_NEW,
                    StandardOpenOption.WRITE);
            return true;
        } catch (FileAlreadyExistsException e) {
            return false;
        }
    }

    void delete(Path dir) throws IOException {
        Files.deleteIfExists(file(dir, netdev));
    }

    /** The record for {@code netdev}, if there is one. */
    public static Optional<NetdevJournal> read(Path dir, String netdev) {
        Path f = file(dir, netdev);
        if (!Files.exists(f)) {
            return Optional.empty();
        }
        try {
            return Optional.of(
                    JSON.readValue(
                            Files.readString(f, StandardCharsets.UTF_8), NetdevJournal.class));
        } catch (IOException e) {
            throw new NetdevException(
                    "cannot read "
                            + f
                            + ": "
                            + e.getMessage()
                            + " (remove it once the netdev is back on the host with its addresses)",
                    e);
        }
    }

    /** Every record in {@code dir}. */
    public static List<NetdevJournal> all(Path dir) {
        List<NetdevJournal> out = new ArrayList<>();
        if (!Files.isDirectory(dir)) {
            return out;
        }
        try (Stream<Path> s = Files.list(dir)) {
            for (Path f : s.sorted().toList()) {
                String n = f.getFileName().toString();
                if (n.endsWith(".json")) {
                    read(dir, n.substring(0, n.length() - ".json".length())).ifPresent(out::add);
                }
            }
        } catch (IOException e) {
            throw new NetdevException("cannot list " + dir + ": " + e.getMessage(), e);
        }
        return out;
    }
}
