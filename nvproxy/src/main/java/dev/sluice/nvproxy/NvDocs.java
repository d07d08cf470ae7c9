package dev.sluice.nvproxy;

import dev.sluice.nvproxy.abi.NvStatus;
import dev.sluice.nvproxy.driver.DriverAbi;
import dev.sluice.nvproxy.driver.DriverAbis;
import dev.sluice.nvproxy.driver.DriverVersion;
import dev.sluice.nvproxy.frontend.ClassRule;
import dev.sluice.nvproxy.frontend.ControlRule;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * NVProxy's sub-command tables as Markdown, for docs/ioctls.md: the RM control commands,
 * allocation classes and UVM commands each supported driver version allows, with their
 * dispositions and capabilities.
 */
final class NvDocs {
    private NvDocs() {}

    static String markdown() {
        Map<String, List<String>> versionsByBranch = new LinkedHashMap<>();
        Map<String, DriverAbi> abis = new LinkedHashMap<>();
        for (Map.Entry<DriverVersion, Supplier<DriverAbi>> e : DriverAbis.versions().entrySet()) {
            DriverAbi abi = e.getValue().get();
            String key = abi.getClass().getSimpleName();
            abis.putIfAbsent(key, abi);
            versionsByBranch.computeIfAbsent(key, k -> new ArrayList<>()).add(e.getKey().toString());
        }
        StringBuilder b = new StringBuilder();
        b.append("## nvproxy: RM control commands, classes and UVM commands\n\n")
                .append("`NV_ESC_RM_CONTROL` and `NV_ESC_RM_ALLOC` are EMULATE rows above; what they may carry is listed\n")
                .append("here, per driver version. A command or class not listed is refused the way the driver refuses\n")
                .append("one it lacks (`NV_ERR_NOT_SUPPORTED`, `NV_ERR_INVALID_CLASS` in `status`), counted under DENY and\n")
                .append("logged with its name. Client classes (`NV01_ROOT`, `NV01_ROOT_NON_PRIV`, `NV01_ROOT_CLIENT`) are\n")
                .append("CONTINUE. A row is enabled by any of its capabilities (`--nvproxy-caps`, default `compute,utility`).\n")
                .append("Params: `flat` is copied as is; `arrays` also has the arrays behind its embedded pointers copied;\n")
                .append("`opaque` is a command outside the driver's export tables, forwarded as the bytes clients pass.\n");
        for (Map.Entry<String, DriverAbi> e : abis.entrySet()) {
            DriverAbi abi = e.getValue();
            b.append("\n### Driver ").append(String.join(", ", versionsByBranch.get(e.getKey())))
                    .append(" (branch ").append(abi.branch()).append(")\n\n");
            b.append("RM control commands (").append(abi.controlRules().size()).append("):\n\n")
                    .append("| command | name | params (bytes) | params | capabilities |\n|---|---|---|---|---|\n");
            for (ControlRule r : abi.controlRules().values()) {
                b.append("| `").append(NvStatus.hex(r.cmd())).append("` | `").append(r.name()).append("` | ")
                        .append(r.paramsSize()).append(" | ")
                        .append(r.embedded() != null ? "arrays" : r.exported() ? "flat" : "opaque").append(" | ")
                        .append(Capability.labels(r.caps())).append(" |\n");
            }
            b.append("\nAllocation classes, EMULATE (").append(abi.classRules().size()).append("):\n\n")
                    .append("| class | name | params (bytes) | capabilities |\n|---|---|---|---|\n");
            for (ClassRule r : abi.classRules().values()) {
                b.append("| `").append(NvStatus.hex(r.hClass())).append("` | `").append(r.name()).append("` | ")
                        .append(r.paramsSize()).append(" | ").append(Capability.labels(r.caps())).append(" |\n");
            }
            b.append("\nUVM commands on `/dev/nvidia-uvm`, CONTINUE (").append(abi.uvmRules().size()).append("): ");
            String sep = "";
            for (DriverAbi.UvmRule r : abi.uvmRules().values()) {
                b.append(sep).append('`').append(r.name()).append("` (").append(r.cmd()).append(')');
                sep = ", ";
            }
            b.append(". Capabilities: compute.\n");
        }
        return b.toString();
    }
}
