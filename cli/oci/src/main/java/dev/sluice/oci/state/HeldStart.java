package dev.sluice.oci.state;

import dev.sluice.oci.OciException;
import dev.sluice.sentry.launch.HostProcess;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * Where {@code start} finds the GO channel of a container without a sentry: the workload (host pid
 * and start time) and the fd number under which it holds the sentry's end of its control socket
 * ({@code dev.sluice.sentry.launch.HeldWorkload}). One line, {@code PID START_TIME FD}, in {@code
 * <root>/<id>/held}, written by create, replaced atomically.
 */
public record HeldStart(HostProcess workload, int fd) {
    public static final String NAME = "held";

    public void write(Path stateDir) {
        Path tmp = stateDir.resolve(NAME + ".tmp");
        try {
            Files.writeString(
                    tmp,
                    workload.pid() + " " + workload.startTime() + " " + fd + "\n",
                    StandardCharsets.US_ASCII);
            Files.move(
                    tmp,
                    stateDir.resolve(NAME),
                    StandardCopyOption.ATOMIC_MOVE,
                    StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException e) {
            throw new OciException(
                    "cannot write " + stateDir.resolve(NAME) + ": " + e.getMessage(), e);
        }
    }

    /** Removes the record once GO went out: the workload no longer holds the channel. */
    public static void remove(Path stateDir) {
        try {
            Files.deleteIfExists(stateDir.resolve(NAME));
        } catch (IOException e) {
            throw new OciException(
                    "cannot remove " + stateDir.resolve(NAME) + ": " + e.getMessage(), e);
        }
    }

    /**
     * The record of container {@code id}, or null when it has none (its sentry holds the channel).
     */
    public static HeldStart read(Path stateDir, String id) {
        Path file = stateDir.resolve(NAME);
        String text;
        try {
            text = Files.readString(file, StandardCharsets.US_ASCII).trim();
        } catch (NoSuchFileException e) {
            return null;
        } catch (IOException e) {
            throw new OciException(
                    "container " + id + ": cannot read " + file + ": " + e.getMessage(), e);
        }
        String[] f = text.split(" ");
        try {
            if (f.length == 3) {
                return new HeldStart(
                        new HostProcess(Integer.parseInt(f[0]), Long.parseLong(f[1])),
                        Integer.parseInt(f[2]));
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new OciException("container " + id + ": " + file + " is damaged: \"" + text + "\"");
    }
}
