package dev.sluice.sentry.launch;

import dev.sluice.sentry.nativeio.HostFd;

/**
 * Where the listener of the container's own seccomp profile goes: the seccomp agent at the
 * profile's {@code listenerPath} (OCI {@code SCMP_ACT_NOTIFY}). sluice-init sends it after GO,
 * right before exec, in an {@code AGENT-LISTENER} message (docs/launch-plan.md), and the workload
 * execs only once it has been handed over.
 */
@FunctionalInterface
public interface SeccompAgentHandoff {
    /**
     * Sends {@code listener} on; the caller closes its own copy afterwards.
     *
     * @param pid host pid of the process whose filter it is (the kernel's word for who sent it)
     * @return null once the agent has it, else why not
     */
    String handOver(HostFd listener, int pid);
}
