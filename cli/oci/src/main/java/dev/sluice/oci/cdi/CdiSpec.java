package dev.sluice.oci.cdi;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;

import java.util.List;
import java.util.Map;

/**
 * A Container Device Interface spec file (CDI {@code SPEC.md}, versions 0.3.0 to 1.0.0), as Jackson
 * reads and writes it: a vendor's {@code kind} ({@code vendor.com/class}), its devices by name, and
 * the edits to an OCI config that requesting a device makes ({@link ContainerEdits}: the device's
 * own, and the spec's common ones, made once when any of its devices is requested).
 *
 * <p>Absent lists and maps are empty, never null; absent optional scalars are null. Field names are
 * the JSON names. Checks beyond the types (names, versions, absolute paths) are {@link CdiSpecs}'.
 */
@JsonInclude(JsonInclude.Include.NON_EMPTY)
public record CdiSpec(
        String cdiVersion,
        String kind,
        Map<String, String> annotations,
        List<Device> devices,
        ContainerEdits containerEdits) {
    public CdiSpec {
        annotations = annotations == null ? Map.of() : annotations;
        devices = devices == null ? List.of() : devices;
        containerEdits = containerEdits == null ? ContainerEdits.NONE : containerEdits;
    }

    /** One requestable device: {@code kind=name}. */
    @JsonInclude(JsonInclude.Include.NON_EMPTY)
    public record Device(
            String name, Map<String, String> annotations, ContainerEdits containerEdits) {
        public Device {
            annotations = annotations == null ? Map.of() : annotations;
            containerEdits = containerEdits == null ? ContainerEdits.NONE : containerEdits;
        }
    }

    /**
     * The edits to a container's OCI config: env appended (a name given again replaces the config's
     * value), device nodes added to {@code linux.devices} with an allow rule in the device cgroup,
     * mounts, hooks by {@code hookName}, additional gids. {@code intelRdt} and {@code netDevices}
     * are read so that a spec using them is refused by name, not silently half applied.
     */
    @JsonInclude(JsonInclude.Include.NON_EMPTY)
    public record ContainerEdits(
            List<String> env,
            List<DeviceNode> deviceNodes,
            List<Mount> mounts,
            List<Hook> hooks,
            @JsonProperty("additionalGids") List<Long> additionalGids,
            Object intelRdt,
            List<Object> netDevices) {
        public static final ContainerEdits NONE =
                new ContainerEdits(null, null, null, null, null, null, null);

        public ContainerEdits {
            env = env == null ? List.of() : env;
            deviceNodes = deviceNodes == null ? List.of() : deviceNodes;
            mounts = mounts == null ? List.of() : mounts;
            hooks = hooks == null ? List.of() : hooks;
            additionalGids = additionalGids == null ? List.of() : additionalGids;
            netDevices = netDevices == null ? List.of() : netDevices;
        }

        /** Whether these edits change nothing (not a field: written, it would not read back). */
        @JsonIgnore
        public boolean isEmpty() {
            return env.isEmpty()
                    && deviceNodes.isEmpty()
                    && mounts.isEmpty()
                    && hooks.isEmpty()
                    && additionalGids.isEmpty()
                    && intelRdt == null
                    && netDevices.isEmpty();
        }
    }

    /**
     * A device node: {@code path} in the container, {@code hostPath} on the host (default: {@code
     * path}); type, numbers and mode default to the host node's; {@code permissions} are the device
     * cgroup's access ({@code rwm} when absent or empty).
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record DeviceNode(
            String path,
            String hostPath,
            String type,
            Long major,
            Long minor,
            Long fileMode,
            String permissions,
            Long uid,
            Long gid) {
        /** The node's host path: {@code hostPath}, or {@code path} when absent. */
        public String host() {
            return hostPath == null || hostPath.isEmpty() ? path : hostPath;
        }
    }

    /** A mount: OCI's {@code mounts[]} entry with CDI's names for source and destination. */
    @JsonInclude(JsonInclude.Include.NON_EMPTY)
    public record Mount(String hostPath, String containerPath, String type, List<String> options) {
        public Mount {
            options = options == null ? List.of() : options;
        }
    }

    /** A hook: OCI's hook, with the lifecycle point it runs at ({@code createContainer}, ...). */
    @JsonInclude(JsonInclude.Include.NON_EMPTY)
    public record Hook(
            String hookName, String path, List<String> args, List<String> env, Long timeout) {
        public Hook {
            args = args == null ? List.of() : args;
            env = env == null ? List.of() : env;
        }
    }
}
