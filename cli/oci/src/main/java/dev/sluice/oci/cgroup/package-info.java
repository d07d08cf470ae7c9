/**
 * Cgroups of OCI containers, on cgroup v1 (every mounted hierarchy, as on a hybrid host) and on
 * cgroup v2 (the unified tree), chosen at run time by what is mounted at {@code /sys/fs/cgroup}.
 *
 * <ul>
 *   <li>{@link dev.sluice.oci.cgroup.CgroupHost}: the host's hierarchies and this process's own
 *       cgroup in each (mountinfo and {@code /proc/self/cgroup});
 *   <li>{@link dev.sluice.oci.cgroup.CgroupsPath}: {@code linux.cgroupsPath} (a path, or {@code
 *       slice:prefix:name} with {@code --systemd-cgroup}) to a cgroup path;
 *   <li>{@link dev.sluice.oci.cgroup.ResourceTable}: {@code linux.resources} as data, one row per
 *       spec field, cgroup file and converter, per version; {@link
 *       dev.sluice.oci.cgroup.DeviceRules} the device allow/deny list;
 *   <li>{@link dev.sluice.oci.cgroup.Cgroup} ({@link dev.sluice.oci.cgroup.CgroupV1}, {@link
 *       dev.sluice.oci.cgroup.CgroupV2}): one container's cgroup: create, limit, enter, list,
 *       freeze, destroy;
 *   <li>{@link dev.sluice.oci.cgroup.ContainerCgroup}: all of it for one config, checked before
 *       anything exists.
 *   <li>{@link dev.sluice.oci.cgroup.ExecPlacement}: an exec'd process's outer {@code sluice-init},
 *       into the container's cgroup before it forks the process, and back out when it stays to
 *       wait.
 * </ul>
 *
 * <p><b>Which processes belong to the container's cgroup.</b> The outer {@code sluice-init} joins
 * it before it unshares anything or forks (the sentry places it while it waits for its plan), so
 * the container's init, its workload and everything they fork are in it from their first
 * instruction, and a cgroup namespace of the container is rooted at its own cgroup. The same holds
 * for every process {@code exec} adds: its outer {@code sluice-init} is moved in before it joins
 * the container's namespaces and forks ({@link dev.sluice.oci.cgroup.ExecPlacement}). The sentry
 * daemon is not: it stays in the caller's cgroup, as runc's own process does. Its JVM (threads,
 * heap) would otherwise count against the container's {@code pids.limit} and memory limit, an OOM
 * kill of the container would take the mediator down with it, and {@code pause} would freeze the
 * process that answers the container's trapped ioctls.
 *
 * <p>The price, for the security model: an ioctl that the sentry <em>executes</em> on the guest's
 * behalf (an EMULATE row, on the sentry's own dup of the guest's fd) allocates its kernel objects
 * in the sentry's context, so kernel memory accounting charges them to the sentry's cgroup, not the
 * container's. CONTINUE rows run in the guest's own context and are charged to the container.
 *
 * <p><b>Safety.</b> A container's cgroup must be its own: a path that is the hierarchy's root, or
 * that contains this runtime's own cgroup, or that already holds processes, is refused, because
 * {@code delete} kills every process left in it.
 */
package dev.sluice.oci.cgroup;
