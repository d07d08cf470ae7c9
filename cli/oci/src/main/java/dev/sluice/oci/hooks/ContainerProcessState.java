package dev.sluice.oci.hooks;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;

import dev.sluice.oci.spec.DefaultSpec;
import dev.sluice.oci.spec.Spec;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The runtime-spec's <em>container process state</em> (config-linux.md, "The Container Process
 * State"; specs-go/state.go {@code ContainerProcessState}): what goes to the seccomp agent with a
 * process's listener. {@code ociVersion}, {@code fds} ({@code ["seccompFd"]}, the names of the
 * {@code SCM_RIGHTS} fds in order), {@code pid} (the process whose filter it is, as the runtime
 * sees it: a host pid), {@code metadata} ({@code linux.seccomp.listenerMetadata}, left out when
 * empty) and {@code state}, the container's state as hooks read it ({@link #state}).
 */
public final class ContainerProcessState {
    /** specs-go/state.go {@code SeccompFdName}. */
    public static final String SECCOMP_FD = "seccompFd";

    private static final ObjectMapper JSON = new ObjectMapper();

    private ContainerProcessState() {}

    /**
     * The container's state (runtime.md "State"): {@code ociVersion} (the config's), {@code id},
     * {@code status}, {@code pid} (the container's init), {@code bundle}, and {@code annotations}
     * when there are any.
     */
    public static Map<String, Object> state(
            Spec spec, String id, Path bundle, String status, int pid) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("ociVersion", spec.ociVersion());
        m.put("id", id);
        m.put("status", status);
        m.put("pid", pid);
        m.put("bundle", bundle.toString());
        if (spec.annotations() != null && !spec.annotations().isEmpty()) {
            m.put("annotations", spec.annotations());
        }
        return m;
    }

    /**
     * The message for the agent, as JSON.
     *
     * @param status the container's status when the listener is handed over
     * @param initPid host pid of the container's init ({@code state.pid})
     * @param pid host pid of the process whose listener it is
     */
    public static byte[] json(
            Spec spec, String id, Path bundle, String status, int initPid, int pid) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("ociVersion", DefaultSpec.OCI_VERSION);
        m.put("fds", List.of(SECCOMP_FD));
        m.put("pid", pid);
        String metadata =
                spec.linux() == null || spec.linux().seccomp() == null
                        ? null
                        : spec.linux().seccomp().listenerMetadata();
        if (metadata != null && !metadata.isEmpty()) {
            m.put("metadata", metadata);
        }
        m.put("state", state(spec, id, bundle, status, initPid));
        try {
            return JSON.writeValueAsBytes(m);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }
}
