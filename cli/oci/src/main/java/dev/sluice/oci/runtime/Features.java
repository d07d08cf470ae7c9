package dev.sluice.oci.runtime;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;

import dev.sluice.oci.launch.MountOptions;
import dev.sluice.oci.launch.OciPlanCompiler;
import dev.sluice.oci.launch.OciSpecChecks;
import dev.sluice.oci.launch.SeccompProfile;
import dev.sluice.oci.spec.DefaultSpec;
import dev.sluice.oci.spec.KernelNames;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What {@code sluice features} prints: the runtime-spec "features" document (the format {@code runc
 * features} prints), listing what Sluice actually carries out. A field Sluice does not support is
 * declared absent or false, never "unknown": clients may rely on it.
 */
public final class Features {
    private Features() {}

    private static Map<String, Object> disabled() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("enabled", false);
        return m;
    }

    public static String json(String version) {
        Map<String, Object> linux = new LinkedHashMap<>();
        linux.put("namespaces", OciSpecChecks.SUPPORTED_NAMESPACES);
        // Every one the kernel knows; CAP_MKNOD is kept only under a cgroup v1 device controller
        // (docs/oci.md).
        linux.put("capabilities", KernelNames.CAPABILITIES);
        // Both versions (dev.sluice.oci.cgroup); systemd: --systemd-cgroup's slice:prefix:name is
        // honoured as the cgroup systemd would use, made without asking systemd (docs/oci.md); no
        // rootless systemd, no rdma controller.
        Map<String, Object> cgroup = new LinkedHashMap<>();
        cgroup.put("v1", true);
        cgroup.put("v2", true);
        cgroup.put("systemd", true);
        cgroup.put("systemdUser", false);
        cgroup.put("rdma", false);
        linux.put("cgroup", cgroup);
        Map<String, Object> seccomp = new LinkedHashMap<>();
        seccomp.put("enabled", true);
        seccomp.put("actions", SeccompProfile.ACTIONS.stream().sorted().toList());
        seccomp.put("operators", SeccompProfile.COMPARISONS.stream().sorted().toList());
        seccomp.put("archs", SeccompProfile.ARCHES.stream().sorted().toList());
        seccomp.put("knownFlags", SeccompProfile.FLAGS.stream().sorted().toList());
        seccomp.put("supportedFlags", SeccompProfile.FLAGS.stream().sorted().toList());
        linux.put("seccomp", seccomp);
        linux.put("apparmor", disabled());
        linux.put("selinux", disabled());
        linux.put("intelRdt", disabled());
        Map<String, Object> f = new LinkedHashMap<>();
        f.put("ociVersionMin", "1.0.0");
        f.put("ociVersionMax", DefaultSpec.OCI_VERSION);
        f.put(
                "hooks",
                List.of(
                        "prestart",
                        "createRuntime",
                        "createContainer",
                        "startContainer",
                        "poststart",
                        "poststop"));
        f.put("mountOptions", MountOptions.known());
        f.put("linux", linux);
        Map<String, String> annotations = new LinkedHashMap<>();
        annotations.put("dev.sluice.version", version);
        annotations.put("dev.sluice.annotations", String.join(",", OciPlanCompiler.ANNOTATIONS));
        f.put("annotations", annotations);
        try {
            return new ObjectMapper()
                            .enable(SerializationFeature.INDENT_OUTPUT)
                            .writeValueAsString(f)
                    + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }
}
