package dev.sluice.nvproxy.frontend;

import dev.sluice.nvproxy.abi.FrontendRequests;

import java.util.Collections;
import java.util.List;
import java.util.Map;

/**
 * What NVProxy allows on one driver tag: the RM control commands, allocation classes and UVM
 * commands, each with the number, params size and offsets of that tag, and the capabilities that
 * enable it; and the escapes of the frontend with their params sizes at that tag.
 *
 * <p>Built by {@code NvPolicy} from the tag's generated data and the policy, which is written once
 * by name for every branch. A policy row the tag lacks, or whose layout there differs from the one
 * the policy was checked against, is not allowed; {@link #dropped()} says which and why.
 *
 * @param tag the driver tag whose data this is
 * @param branch the branch, e.g. {@code 580}
 * @param controlRules the allowed RM control commands, by id, ascending unsigned
 * @param classRules the allowed allocation classes, by class, ascending unsigned
 * @param uvmRules the allowed UVM commands, by number
 * @param frontend the escapes of the tag, with their params sizes and request numbers
 * @param dropped policy rows not allowed at this tag, each with its reason
 */
public record DriverAbi(
        String tag,
        String branch,
        Map<Integer, ControlRule> controlRules,
        Map<Integer, ClassRule> classRules,
        Map<Integer, UvmRule> uvmRules,
        FrontendRequests frontend,
        List<Dropped> dropped) {

    /** One allowed UVM command: CONTINUE by number. */
    public record UvmRule(int cmd, String name, long caps) {}

    /** A policy row this tag does not allow, and why. */
    public record Dropped(String kind, String name, String reason) {
        @Override
        public String toString() {
            return kind + " " + name + ": " + reason;
        }
    }

    public DriverAbi {
        controlRules = Collections.unmodifiableMap(controlRules);
        classRules = Collections.unmodifiableMap(classRules);
        uvmRules = Collections.unmodifiableMap(uvmRules);
        dropped = List.copyOf(dropped);
    }
}
