package dev.sluice.oci.state;

import java.util.Map;

/**
 * What {@code <root>/<id>/state.json} records about one container. The status is not stored: {@link
 * StateStore#status} derives it from the processes, so that a container whose init died while
 * nobody watched reads as stopped.
 *
 * @param ociVersion the config's runtime-spec version
 * @param id the container id
 * @param bundle the bundle directory, absolute
 * @param rootfs the root filesystem, absolute
 * @param pid host pid of the container's init (pid 1 of its pid namespace); 0 while creating
 * @param pidStartTime that process's start time (/proc/PID/stat field 22), to tell a reused pid
 * @param sentryPid host pid of the detached sentry, or 0
 * @param sentryStartTime the sentry's start time
 * @param created creation time, RFC 3339 in UTC
 * @param started whether {@code start} has let the workload exec
 * @param annotations the config's annotations
 * @param cgroups the container's cgroup directory in each hierarchy, by hierarchy name ({@link
 *     dev.sluice.oci.cgroup.Cgroup#record}); recorded before the cgroup is made, so that whatever
 *     create made is found and removed
 */
public record ContainerState(
        String ociVersion,
        String id,
        String bundle,
        String rootfs,
        int pid,
        long pidStartTime,
        int sentryPid,
        long sentryStartTime,
        String created,
        boolean started,
        Map<String, String> annotations,
        Map<String, String> cgroups) {
    public ContainerState {
        annotations = annotations == null ? Map.of() : Map.copyOf(annotations);
        cgroups =
                cgroups == null
                        ? Map.of()
                        : java.util.Collections.unmodifiableMap(
                                new java.util.LinkedHashMap<>(cgroups));
    }

    /** A container without a cgroup recorded yet. */
    public ContainerState(
            String ociVersion,
            String id,
            String bundle,
            String rootfs,
            int pid,
            long pidStartTime,
            int sentryPid,
            long sentryStartTime,
            String created,
            boolean started,
            Map<String, String> annotations) {
        this(
                ociVersion,
                id,
                bundle,
                rootfs,
                pid,
                pidStartTime,
                sentryPid,
                sentryStartTime,
                created,
                started,
                annotations,
                Map.of());
    }

    public ContainerState withInit(int pid, long startTime) {
        return new ContainerState(
                ociVersion,
                id,
                bundle,
                rootfs,
                pid,
                startTime,
                sentryPid,
                sentryStartTime,
                created,
                started,
                annotations,
                cgroups);
    }

    public ContainerState withSentry(int pid, long startTime) {
        return new ContainerState(
                ociVersion,
                id,
                bundle,
                rootfs,
                this.pid,
                pidStartTime,
                pid,
                startTime,
                created,
                started,
                annotations,
                cgroups);
    }

    public ContainerState withStarted() {
        return new ContainerState(
                ociVersion,
                id,
                bundle,
                rootfs,
                pid,
                pidStartTime,
                sentryPid,
                sentryStartTime,
                created,
                true,
                annotations,
                cgroups);
    }

    public ContainerState withCgroups(Map<String, String> dirs) {
        return new ContainerState(
                ociVersion,
                id,
                bundle,
                rootfs,
                pid,
                pidStartTime,
                sentryPid,
                sentryStartTime,
                created,
                started,
                annotations,
                dirs);
    }
}
