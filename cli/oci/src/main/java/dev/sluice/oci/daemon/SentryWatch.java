package dev.sluice.oci.daemon;

import dev.sluice.oci.OciException;
import dev.sluice.sentry.launch.HostProcess;
import dev.sluice.sentry.launch.Spawner;

import java.nio.file.Path;
import java.util.List;

/**
 * Ends a container when its sentry dies: a container whose sentry is gone would get ENOSYS for
 * every trapped call forever, so it must not outlive it. The sentry starts {@code sluice-init
 * --watch} (native-shims' watch.c) once the container's process exists: a small process of its own
 * in the host's pid namespace and in the sentry's cgroups, which holds pidfds of both (each checked
 * against its start time after opening) and kills the container's process, pid 1 of its pid
 * namespace, when the sentry's pidfd becomes readable.
 *
 * <p>It is not the container's init: no process of Sluice's lives in a container's pid namespace,
 * where a workload granted {@code CAP_SYS_PTRACE} could seize it (docs/security-model.md).
 */
public final class SentryWatch {
    private SentryWatch() {}

    /**
     * Starts the watcher of {@code container} for {@code sentry}; returns once it watches (its
     * parent exits at once, the watcher itself is reparented). Throws if it could not start.
     */
    public static void start(Path initBinary, HostProcess sentry, HostProcess container) {
        List<String> argv =
                List.of(
                        initBinary.toString(),
                        "--watch",
                        Integer.toString(sentry.pid()),
                        Long.toString(sentry.startTime()),
                        Integer.toString(container.pid()),
                        Long.toString(container.startTime()));
        // /dev/null for its stdio: a caller that reads the container's pipes to end of file
        // (containerd's shim) must not wait for the watcher.
        int pid =
                Spawner.LOCAL.spawn(
                        initBinary.toString(),
                        argv,
                        List.of(),
                        List.of(
                                Spawner.Fd.devNull(0),
                                Spawner.Fd.devNull(1),
                                Spawner.Fd.devNull(2)));
        int st = Spawner.LOCAL.waitFor(pid);
        int code = st < 0 || (st & 0x7f) != 0 ? -1 : (st >> 8) & 0xff;
        switch (code) {
            case 0 -> {}
            case 3 -> throw new OciException("the container's process exited during create");
            case 4 ->
                    throw new OciException(
                            "the container's sentry is gone; the container was killed");
            default ->
                    throw new OciException(
                            "cannot start the watcher of the container's sentry (sluice-init --watch: "
                                    + (st < 0 ? "wait failed" : "status " + st)
                                    + "); the container was not started");
        }
    }
}
