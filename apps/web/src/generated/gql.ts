/* eslint-disable */
import * as types from './graphql';



/**
 * Map of all GraphQL operations in the project.
 *
 * This map has several performance disadvantages:
 * 1. It is not tree-shakeable, so it will include all operations in the project.
 * 2. It is not minifiable, so the string of a GraphQL query will be multiple times inside the bundle.
 * 3. It does not support dead code elimination, so it will add unused operations.
 *
 * Therefore it is highly recommended to use the babel or swc plugin for production.
 * Learn more about it here: https://the-guild.dev/graphql/codegen/plugins/presets/preset-client#reducing-bundle-size
 */
type Documents = {
    "\n  query FactorGroups {\n    factorGroups {\n      id\n      name\n      basis\n      min_days_per_weekday\n      factor_sites\n      monthly_factors\n      day_of_week_factors\n      continuous_sites {\n        site_id\n        name\n        site_type\n        qualifying_months\n        aadt\n      }\n      short_count_sites {\n        site_id\n        name\n        site_type\n      }\n    }\n    siteGroups {\n      id\n      name\n      site_count\n    }\n  }\n": typeof types.FactorGroupsDocument,
    "\n  query ContinuousSitePatterns($clusters: Int!) {\n    continuousSitePatterns(clusters: $clusters) {\n      site_id\n      name\n      qualifying_months\n      aadt\n      monthly_factors\n      cluster\n    }\n  }\n": typeof types.ContinuousSitePatternsDocument,
    "\n  mutation SetFactorGroupBasis($groupId: ID!, $basis: FactorGroupBasis) {\n    setFactorGroupBasis(group_id: $groupId, basis: $basis)\n  }\n": typeof types.SetFactorGroupBasisDocument,
    "\n  fragment FileRow on TrafficDataFile {\n    id\n    file_name\n    uploaded_on\n    start_data_datetime\n    end_data_datetime\n    review_status\n    logs {\n      saved_vehicles\n      data_qc_tests\n      processing_error\n      duplicate_of\n    }\n    site {\n      id\n      name\n      organisation_name\n    }\n  }\n": typeof types.FileRowFragmentDoc,
    "\n  query Files(\n    $search: String\n    $status: String\n    $sort: String\n    $direction: String\n    $page: Int\n    $size: Int\n  ) {\n    trafficDataFiles(\n      search: $search\n      status: $status\n      sort: $sort\n      direction: $direction\n      page: $page\n      page_size: $size\n    ) {\n      total\n      files {\n        ...FileRow\n      }\n    }\n  }\n": typeof types.FilesDocument,
    "\n  query FileCounts {\n    LOAD: trafficDataFiles(status: \"LOAD\", page_size: 1) {\n      total\n    }\n    WFR: trafficDataFiles(status: \"WFR\", page_size: 1) {\n      total\n    }\n    ACC: trafficDataFiles(status: \"ACC\", page_size: 1) {\n      total\n    }\n    REJ: trafficDataFiles(status: \"REJ\", page_size: 1) {\n      total\n    }\n    PDC: trafficDataFiles(status: \"PDC\", page_size: 1) {\n      total\n    }\n    NRE: trafficDataFiles(status: \"NRE\", page_size: 1) {\n      total\n    }\n  }\n": typeof types.FileCountsDocument,
    "\n  query FileDownload($id: ID!) {\n    s3TrafficDataFile(id: $id) {\n      url\n    }\n  }\n": typeof types.FileDownloadDocument,
    "\n  mutation ReviewFile($fileId: ID!, $status: String!, $review: JSON) {\n    updateDataQcCheck(fileId: $fileId, status: $status, userReview: $review) {\n      id\n      review_status\n    }\n  }\n": typeof types.ReviewFileDocument,
    "\n  mutation RequestQualityApproval($id: ID!) {\n    requestQualityApproval(fileId: $id)\n  }\n": typeof types.RequestQualityApprovalDocument,
    "\n  query FileNotes($id: ID!) {\n    getFileNotes(fileId: $id) {\n      content\n      when\n      who\n    }\n  }\n": typeof types.FileNotesDocument,
    "\n  mutation AddFileNote($id: ID!, $content: String!) {\n    appendTrafficDataFileNote(fileId: $id, content: $content) {\n      content\n    }\n  }\n": typeof types.AddFileNoteDocument,
    "\n  mutation AddBulkFileNote($ids: [ID!]!, $content: String!) {\n    appendTrafficDataFileNotes(fileIds: $ids, content: $content)\n  }\n": typeof types.AddBulkFileNoteDocument,
    "\n  query TaskStates($ids: [ID!]!) {\n    task_tracking(ids: $ids) {\n      ...TaskEventFields\n    }\n  }\n": typeof types.TaskStatesDocument,
    "\n  query RoadSectionSites($search: String) {\n    sites(search: $search, page: 0, page_size: 50, sort: \"name\", direction: \"asc\") {\n      sites {\n        id\n        name\n        latitude\n        longitude\n      }\n    }\n  }\n": typeof types.RoadSectionSitesDocument,
    "\n  query MapDesignFigures {\n    mapDesignFigures {\n      id\n      aadt\n      aadt_method\n      k_factor\n      d_factor\n      peak_hour_factor\n    }\n  }\n": typeof types.MapDesignFiguresDocument,
    "\n  query MapSiteVolumes($siteId: ID!, $filter: MapFilter!) {\n    mapSiteVolumes(siteId: $siteId, filter: $filter) {\n      day\n      vehicles\n    }\n  }\n": typeof types.MapSiteVolumesDocument,
    "\n  query MapSiteFreeFlow($siteId: ID!, $filter: MapFilter!) {\n    mapSiteFreeFlow(siteId: $siteId, filter: $filter) {\n      headway_threshold_s\n      vehicles\n      speed85_mps\n    }\n  }\n": typeof types.MapSiteFreeFlowDocument,
    "\n  fragment MapNoteFields on MapNote {\n    id\n    text\n    longitude\n    latitude\n    group_id\n    site_id\n    site_name\n    who\n    when\n  }\n": typeof types.MapNoteFieldsFragmentDoc,
    "\n  query MapNotes {\n    mapNotes {\n      organisation_id\n      hidden\n      can_edit\n      groups {\n        id\n        name\n      }\n      notes {\n        ...MapNoteFields\n      }\n    }\n  }\n": typeof types.MapNotesDocument,
    "\n  mutation AddMapNote($note: MapNoteInput!) {\n    addMapNote(note: $note) {\n      ...MapNoteFields\n    }\n  }\n": typeof types.AddMapNoteDocument,
    "\n  mutation UpdateMapNote($id: ID!, $change: MapNoteChange!) {\n    updateMapNote(id: $id, change: $change) {\n      ...MapNoteFields\n    }\n  }\n": typeof types.UpdateMapNoteDocument,
    "\n  mutation DeleteMapNote($id: ID!) {\n    deleteMapNote(id: $id)\n  }\n": typeof types.DeleteMapNoteDocument,
    "\n  mutation CreateMapNoteGroup($name: String!) {\n    createMapNoteGroup(name: $name) {\n      id\n    }\n  }\n": typeof types.CreateMapNoteGroupDocument,
    "\n  mutation RenameMapNoteGroup($id: ID!, $name: String!) {\n    renameMapNoteGroup(id: $id, name: $name) {\n      id\n    }\n  }\n": typeof types.RenameMapNoteGroupDocument,
    "\n  mutation DeleteMapNoteGroup($id: ID!) {\n    deleteMapNoteGroup(id: $id)\n  }\n": typeof types.DeleteMapNoteGroupDocument,
    "\n  mutation RecordOrganisationView($organisationId: ID!) {\n    recordOrganisationView(organisationId: $organisationId) {\n      organisation_id\n      organisation_name\n      token\n    }\n  }\n": typeof types.RecordOrganisationViewDocument,
    "\n  query MyNotifications {\n    myNotifications(limit: 30) {\n      unread\n      items {\n        id\n        kind\n        message\n        created_on\n        read\n      }\n    }\n  }\n": typeof types.MyNotificationsDocument,
    "\n  mutation MarkNotificationsRead($ids: [ID!]) {\n    markNotificationsRead(ids: $ids)\n  }\n": typeof types.MarkNotificationsReadDocument,
    "\n  query MyTasks {\n    myTasks(limit: 10) {\n      id\n      function_name\n      state\n      message\n      created_on\n      updated_at\n      progress\n    }\n  }\n": typeof types.MyTasksDocument,
    "\n  mutation RetryTask($id: ID!) {\n    retryTask(id: $id) {\n      id\n      state\n    }\n  }\n": typeof types.RetryTaskDocument,
    "\n  query Reports {\n    reports {\n      id\n      report_type\n      state\n      message\n      progress\n      task_id\n      file_name\n      size_bytes\n      site_count\n      created_on\n      completed_on\n      expires_on\n      expired\n      downloadable\n    }\n  }\n": typeof types.ReportsDocument,
    "\n  mutation RequestReport($input: ReportRequestInput!) {\n    requestReport(input: $input) {\n      id\n      task_id\n      state\n    }\n  }\n": typeof types.RequestReportDocument,
    "\n  query ReportDownload($id: ID!) {\n    reportDownload(id: $id) {\n      url\n    }\n  }\n": typeof types.ReportDownloadDocument,
    "\n  mutation DeleteReport($id: ID!) {\n    deleteReport(id: $id)\n  }\n": typeof types.DeleteReportDocument,
    "\n  query ReportSites($search: String) {\n    sites(search: $search, page: 0, page_size: 100, sort: \"name\", direction: \"asc\") {\n      total\n      sites {\n        id\n        name\n        site_type\n        time_span\n      }\n    }\n  }\n": typeof types.ReportSitesDocument,
    "\n  query ReportSiteGroups {\n    siteGroups {\n      id\n      name\n      site_count\n    }\n  }\n": typeof types.ReportSiteGroupsDocument,
    "\n  query ReportSurveys {\n    active: surveys(tab: \"active\", sort: \"start\", direction: \"desc\", page: 0, page_size: 100) {\n      surveys {\n        id\n        name\n        scheduled_start\n        scheduled_end\n        site_count\n      }\n    }\n    completed: surveys(\n      tab: \"completed\"\n      sort: \"start\"\n      direction: \"desc\"\n      page: 0\n      page_size: 100\n    ) {\n      surveys {\n        id\n        name\n        scheduled_start\n        scheduled_end\n        site_count\n      }\n    }\n  }\n": typeof types.ReportSurveysDocument,
    "\n  query YearInReview($year: Int!, $top: Int) {\n    yearInReview(year: $year, top: $top) {\n      year\n      top\n      site_count\n      sites_left_out\n      days_in_year\n      tables {\n        busiest {\n          site_id\n          site_name\n          value\n          previous\n        }\n        fastest {\n          site_id\n          site_name\n          value\n          previous\n        }\n        speeding {\n          site_id\n          site_name\n          value\n          previous\n        }\n        adt_change {\n          site_id\n          site_name\n          value\n          previous\n        }\n        availability {\n          site_id\n          site_name\n          value\n          previous\n        }\n      }\n    }\n  }\n": typeof types.YearInReviewDocument,
    "\n  query ReportSitesByIds($ids: [ID!]) {\n    sites(selected: $ids, filters: [\"selected_only\"], page: 0, page_size: 100) {\n      sites {\n        id\n        name\n      }\n    }\n  }\n": typeof types.ReportSitesByIdsDocument,
    "\n  query SiteAvailability($siteId: ID!) {\n    siteAvailability(siteId: $siteId) {\n      site_id\n      first_day\n      last_day\n      days {\n        day\n        volume\n      }\n      missing_days\n    }\n  }\n": typeof types.SiteAvailabilityDocument,
    "\n  query BadDataPeriods($siteId: ID!) {\n    badDataPeriods(siteId: $siteId) {\n      id\n      rule\n      direction\n      lane\n      start_time\n      end_time\n      value\n      state\n      reviewed_by\n      reviewed_at\n    }\n  }\n": typeof types.BadDataPeriodsDocument,
    "\n  mutation ReviewBadDataPeriod($id: ID!, $decision: String!) {\n    reviewBadDataPeriod(id: $id, decision: $decision) {\n      id\n      state\n    }\n  }\n": typeof types.ReviewBadDataPeriodDocument,
    "\n  mutation DetectBadDataPeriods($siteId: ID!) {\n    detectBadDataPeriods(siteId: $siteId) {\n      id\n    }\n  }\n": typeof types.DetectBadDataPeriodsDocument,
    "\n  query CountSummary($siteId: ID!, $filter: FilterPayload, $minutes: Int) {\n    timeSeriesCountSummary(siteId: $siteId, filter: $filter, aggregation_minutes: $minutes) {\n      modes\n      bins {\n        start\n        counts {\n          pedestrian {\n            ...CountDirection\n          }\n          bike {\n            ...CountDirection\n          }\n          vehicle {\n            ...CountDirection\n          }\n        }\n      }\n      totals {\n        ...ModeFigureFields\n      }\n      wholeDays\n      dailyAverage {\n        ...ModeFigureFields\n      }\n      virtualDay {\n        pedestrian\n        bike\n        vehicle\n      }\n      virtualWeek {\n        pedestrian\n        bike\n        vehicle\n      }\n      figures {\n        pedestrian {\n          ...CountFiguresFields\n        }\n        bike {\n          ...CountFiguresFields\n        }\n        vehicle {\n          ...CountFiguresFields\n        }\n      }\n    }\n  }\n\n  fragment CountDirection on DirectionCount {\n    direction\n    count\n  }\n\n  fragment ModeFigureFields on ModeFigure {\n    pedestrian\n    bike\n    vehicle\n  }\n\n  fragment CountFiguresFields on CountFigures {\n    awdt\n    awedt\n    amPeak {\n      hour\n      count\n    }\n    pmPeak {\n      hour\n      count\n    }\n    directions {\n      ...CountDirection\n    }\n  }\n": typeof types.CountSummaryDocument,
    "\n  fragment ExclusionFilterFields on VehicleExclusionFilter {\n    id\n    name\n    description\n    min_speed_mps\n    max_speed_mps\n    headway_greater_than_s\n    classes\n    start_time\n    end_time\n  }\n": typeof types.ExclusionFilterFieldsFragmentDoc,
    "\n  query VehicleExclusionFilters($siteId: ID) {\n    vehicleExclusionFilters(siteId: $siteId) {\n      ...ExclusionFilterFields\n    }\n  }\n": typeof types.VehicleExclusionFiltersDocument,
    "\n  mutation UpdateVehicleExclusionFilter($id: ID!, $filter: VehicleExclusionFilterInput!) {\n    updateVehicleExclusionFilter(id: $id, filter: $filter) {\n      ...ExclusionFilterFields\n    }\n  }\n": typeof types.UpdateVehicleExclusionFilterDocument,
    "\n  mutation CreateVehicleExclusionFilter($siteId: ID, $filter: VehicleExclusionFilterInput!) {\n    createVehicleExclusionFilter(siteId: $siteId, filter: $filter) {\n      ...ExclusionFilterFields\n    }\n  }\n": typeof types.CreateVehicleExclusionFilterDocument,
    "\n  mutation DeleteVehicleExclusionFilter($id: ID!) {\n    deleteVehicleExclusionFilter(id: $id)\n  }\n": typeof types.DeleteVehicleExclusionFilterDocument,
    "\n  query FigureExplanation($siteId: ID!, $figure: ExplainedFigure!, $filter: FilterPayload) {\n    figureExplanation(siteId: $siteId, figure: $figure, filter: $filter) {\n      site_id\n      site_name\n      time_zone\n      figure\n      term\n      day_rule\n      scope\n      files {\n        id\n        name\n        kind\n        first_record\n        last_record\n        vehicles\n      }\n      days {\n        first_day\n        last_day\n        days_used\n        days {\n          day\n          volume\n          used\n          reason\n        }\n      }\n      left_out {\n        total\n        selected\n        reasons {\n          reason\n          vehicles\n          classes {\n            class_index\n            vehicles\n          }\n        }\n      }\n      filter {\n        start_time\n        end_time\n        speed_min_mps\n        speed_max_mps\n        min_headway_s\n        classes\n        directions\n        lanes {\n          direction\n          lanes\n        }\n        time_exclusions {\n          days\n          from\n          to\n        }\n        exclusions {\n          id\n          name\n        }\n      }\n      bad_data_periods {\n        rule\n        start_time\n        end_time\n        direction\n        lane\n      }\n      speed_limits {\n        effective_from\n        limit_mps\n      }\n      aadt {\n        method\n        variant\n        estimate\n        value\n        adt\n        whole_days\n        months\n        months_missing_weekdays\n        group {\n          id\n          name\n          version\n          monthly_factors\n          day_of_week_factors\n          monthly_factor\n          day_of_week_factor\n        }\n      }\n    }\n  }\n": typeof types.FigureExplanationDocument,
    "\n  query Filterset {\n    filterset {\n      id\n      velocity_min\n      velocity_max\n      headway_min\n    }\n  }\n": typeof types.FiltersetDocument,
    "\n  mutation UpdateFilterset($id: ID!, $headway: Float, $max: Float, $min: Float) {\n    update_filterset(id: $id, headway_min: $headway, velocity_max: $max, velocity_min: $min) {\n      id\n      velocity_min\n      velocity_max\n      headway_min\n    }\n  }\n": typeof types.UpdateFiltersetDocument,
    "\n  query SiteDetailLeftOut($siteId: ID!, $filter: FilterPayload) {\n    siteDetail(siteId: $siteId, filter: $filter) {\n      site_id\n      leftOut {\n        total\n        selected\n        speedRange\n        speedRangeByClass {\n          classIndex\n          vehicles\n        }\n        classes\n        unclassified\n        directions\n        separation\n        lanes\n        badDataPeriods\n        exclusions\n        timeExclusions\n      }\n    }\n  }\n": typeof types.SiteDetailLeftOutDocument,
    "\n  query SiteAadt($siteId: ID!) {\n    siteAadt(site_id: $siteId) {\n      site_id\n      method\n      reason\n      group_id\n      group_name\n      whole_days\n      adt\n      aadt\n      monthly_factor\n      day_of_week_factor\n      months\n      error_percent\n      error_samples\n    }\n  }\n": typeof types.SiteAadtDocument,
    "\n  query SiteDetail($siteId: ID!, $filter: FilterPayload, $minutes: Int) {\n    siteDetail(siteId: $siteId, filter: $filter, aggregation_minutes: $minutes) {\n      site_id\n      site_name\n      site_type\n      latitude\n      longitude\n      time_zone\n      class_scheme\n      summary {\n        vehicles\n        wholeDays\n        adt\n        awdt\n        awedt\n        aadt\n        aadtIsEstimate\n        averageSpeedMps\n        speed85thMps\n        amPeak {\n          hour\n          vehicles\n        }\n        pmPeak {\n          hour\n          vehicles\n        }\n        totalCommercial\n        percentCommercial\n        aadtMonthsMissingWeekdays\n        speed95thMps\n        pace {\n          metric {\n            fromMps\n            toMps\n            vehicles\n            sharePercent\n          }\n          imperial {\n            fromMps\n            toMps\n            vehicles\n            sharePercent\n          }\n        }\n        designHour {\n          volume\n          kFactor\n          dFactor\n        }\n        peakHourFactor {\n          start\n          peakHourVolume\n          peakQuarterVolume\n          factor\n        }\n      }\n      bins\n      classes {\n        classIndex\n        vehicles\n        sharePercent\n        averageSpeedMps\n        speed85thMps\n      }\n      speedByClass {\n        binWidthMps\n        bins {\n          fromMps\n          counts {\n            classIndex\n            vehicles\n          }\n        }\n      }\n      headwayPercentiles {\n        percentile\n        value\n      }\n      gapPercentiles {\n        percentile\n        value\n      }\n      headwayGapMatrix {\n        edgesS\n        counts\n      }\n      speeding {\n        vehicles\n        stepsMps\n        aboveLimit {\n          vehicles\n          sharePercent\n        }\n        aboveFirstStep {\n          vehicles\n          sharePercent\n        }\n        aboveSecondStep {\n          vehicles\n          sharePercent\n        }\n      }\n      virtualDay {\n        direction\n        vehicles\n      }\n      virtualWeek {\n        direction\n        vehicles\n      }\n      availability {\n        day\n        direction\n        lane\n        vehicles\n      }\n    }\n  }\n": typeof types.SiteDetailDocument,
    "\n  query SiteTasks($siteId: ID!) {\n    siteTasks(siteId: $siteId) {\n      id\n      function_name\n      state\n      message\n      created_on\n      updated_at\n    }\n  }\n": typeof types.SiteTasksDocument,
    "\n  query SiteTimeRange($siteId: ID!) {\n    siteTimeRange(siteId: $siteId) {\n      site_id\n      time_zone\n      available_start\n      available_end\n      data_kinds\n    }\n  }\n": typeof types.SiteTimeRangeDocument,
    "\n  query SiteSettings($id: ID!) {\n    site(id: $id) {\n      id\n      class_scheme\n      pedestrians_included\n    }\n  }\n": typeof types.SiteSettingsDocument,
    "\n  mutation ChangeSiteScheme($siteId: ID!, $scheme: String!, $pedestrians: Boolean!) {\n    changeSiteScheme(siteId: $siteId, class_scheme: $scheme, pedestrians_included: $pedestrians) {\n      id\n    }\n  }\n": typeof types.ChangeSiteSchemeDocument,
    "\n  mutation RecalculateSiteDataQuality($siteId: ID!) {\n    recalculateSiteDataQuality(siteId: $siteId) {\n      id\n    }\n  }\n": typeof types.RecalculateSiteDataQualityDocument,
    "\n  query SpeedLimits($siteId: ID!) {\n    speedLimits(siteId: $siteId) {\n      effective_from\n      limit_mps\n    }\n  }\n": typeof types.SpeedLimitsDocument,
    "\n  mutation SetSpeedLimits($siteId: ID!, $limits: [SpeedLimitInput!]!) {\n    setSpeedLimits(siteId: $siteId, limits: $limits) {\n      effective_from\n      limit_mps\n    }\n  }\n": typeof types.SetSpeedLimitsDocument,
    "\n  query SiteGroups {\n    siteGroups {\n      id\n      name\n      site_count\n    }\n  }\n": typeof types.SiteGroupsDocument,
    "\n  query SiteGroup($id: ID!) {\n    siteGroup(id: $id) {\n      id\n      name\n      site_count\n      sites {\n        id\n        name\n      }\n    }\n  }\n": typeof types.SiteGroupDocument,
    "\n  mutation CreateSiteGroup($name: String!, $site_ids: [ID!]) {\n    createSiteGroup(name: $name, site_ids: $site_ids) {\n      id\n    }\n  }\n": typeof types.CreateSiteGroupDocument,
    "\n  mutation RenameSiteGroup($id: ID!, $name: String!) {\n    renameSiteGroup(id: $id, name: $name) {\n      id\n    }\n  }\n": typeof types.RenameSiteGroupDocument,
    "\n  mutation DeleteSiteGroup($id: ID!) {\n    deleteSiteGroup(id: $id)\n  }\n": typeof types.DeleteSiteGroupDocument,
    "\n  mutation AddSitesToGroup($id: ID!, $site_ids: [ID!]!) {\n    addSitesToGroup(id: $id, site_ids: $site_ids) {\n      id\n    }\n  }\n": typeof types.AddSitesToGroupDocument,
    "\n  mutation RemoveSitesFromGroup($id: ID!, $site_ids: [ID!]!) {\n    removeSitesFromGroup(id: $id, site_ids: $site_ids) {\n      id\n    }\n  }\n": typeof types.RemoveSitesFromGroupDocument,
    "\n  mutation MergeSites(\n    $target_id: ID!\n    $source_ids: [ID!]!\n    $alignment: [DirectionAlignmentInput!]\n  ) {\n    mergeSites(target_id: $target_id, source_ids: $source_ids, alignment: $alignment) {\n      id\n      state\n    }\n  }\n": typeof types.MergeSitesDocument,
    "\n  mutation ImportSites($csv: String!) {\n    importSites(csv: $csv) {\n      imported\n      message\n      errors {\n        row\n        field\n        code\n        message\n        params\n      }\n    }\n  }\n": typeof types.ImportSitesDocument,
    "\n  query DeletedSites {\n    deletedSites {\n      id\n      name\n      site_type\n      deleted_at\n      files\n      permanent_deletion_pending\n    }\n  }\n": typeof types.DeletedSitesDocument,
    "\n  query DeletedSiteIds {\n    deletedSites {\n      id\n    }\n  }\n": typeof types.DeletedSiteIdsDocument,
    "\n  mutation DeleteSite($id: ID!) {\n    deleteSite(id: $id) {\n      id\n      state\n    }\n  }\n": typeof types.DeleteSiteDocument,
    "\n  mutation RestoreSite($id: ID!) {\n    restoreSite(id: $id)\n  }\n": typeof types.RestoreSiteDocument,
    "\n  mutation DeleteSitePermanently($id: ID!) {\n    deleteSitePermanently(id: $id) {\n      id\n      state\n    }\n  }\n": typeof types.DeleteSitePermanentlyDocument,
    "\n  mutation UpdateSite($id: ID!, $input: SiteInput!) {\n    updateSite(id: $id, input: $input) {\n      id\n    }\n  }\n": typeof types.UpdateSiteDocument,
    "\n  query SiteLanes($siteId: ID!) {\n    siteLanes(siteId: $siteId) {\n      id\n      direction\n      position_id\n      lane_type\n      name\n    }\n  }\n": typeof types.SiteLanesDocument,
    "\n  mutation SetSiteLanes($siteId: ID!, $lanes: [LaneInput!]!) {\n    setSiteLanes(siteId: $siteId, lanes: $lanes) {\n      id\n    }\n  }\n": typeof types.SetSiteLanesDocument,
    "\n  query SiteNameClashes($siteId: ID!, $name: String!) {\n    siteNameClashes(siteId: $siteId, name: $name)\n  }\n": typeof types.SiteNameClashesDocument,
    "\n  mutation StartStaffTask($kind: StaffTaskKind!, $siteId: ID, $organisationId: ID) {\n    startStaffTask(kind: $kind, siteId: $siteId, organisationId: $organisationId) {\n      id\n      state\n      message\n    }\n  }\n": typeof types.StartStaffTaskDocument,
    "\n  query StaffAuditLog($limit: Int, $organisationId: ID) {\n    staffAuditLog(limit: $limit, organisationId: $organisationId) {\n      id\n      username\n      action\n      organisation_id\n      organisation_name\n      detail\n      created_on\n    }\n  }\n": typeof types.StaffAuditLogDocument,
    "\n  query Surveys(\n    $tab: String\n    $search: String\n    $sort: String\n    $direction: String\n    $page: Int\n    $size: Int\n  ) {\n    surveys(\n      tab: $tab\n      search: $search\n      sort: $sort\n      direction: $direction\n      page: $page\n      page_size: $size\n    ) {\n      total\n      surveys {\n        id\n        name\n        state\n        scheduled_start\n        scheduled_end\n        completed_on\n        counter_model\n        sensor_spacing_m\n        assignee_user_id\n        assignee_name\n        contractor_name\n        contractor_email\n        notes\n        window_days\n        site_count\n        sites_with_data\n        sites_complete\n        overdue\n        deleted_on\n        site_list {\n          attribute\n          name_format\n          name_max_length\n          overrides {\n            site_id\n            name\n            attribute\n          }\n        }\n        sites {\n          site_id\n          name\n          deleted\n          has_data\n          files\n          days\n          complete\n          quality_status\n        }\n      }\n    }\n  }\n": typeof types.SurveysDocument,
    "\n  query SurveyAssignees {\n    surveyAssignees {\n      id\n      username\n      first_name\n      last_name\n    }\n  }\n": typeof types.SurveyAssigneesDocument,
    "\n  query SurveySiteFileLink($id: ID!) {\n    surveySiteFileLink(id: $id) {\n      url\n    }\n  }\n": typeof types.SurveySiteFileLinkDocument,
    "\n  mutation CreateSurvey($input: SurveyInput!) {\n    createSurvey(input: $input) {\n      id\n      name\n    }\n  }\n": typeof types.CreateSurveyDocument,
    "\n  mutation UpdateSurvey($id: ID!, $input: SurveyInput!) {\n    updateSurvey(id: $id, input: $input) {\n      id\n      name\n    }\n  }\n": typeof types.UpdateSurveyDocument,
    "\n  mutation DeleteSurvey($id: ID!) {\n    deleteSurvey(id: $id) {\n      id\n      state\n    }\n  }\n": typeof types.DeleteSurveyDocument,
    "\n  mutation RestoreSurvey($id: ID!) {\n    restoreSurvey(id: $id) {\n      id\n      state\n    }\n  }\n": typeof types.RestoreSurveyDocument,
    "\n  mutation ReopenSurvey($id: ID!) {\n    reopenSurvey(id: $id) {\n      id\n      state\n    }\n  }\n": typeof types.ReopenSurveyDocument,
    "\n  mutation CreatePlannedSite($name: String!, $latitude: Float!, $longitude: Float!) {\n    createPlannedSite(name: $name, latitude: $latitude, longitude: $longitude) {\n      id\n      name\n    }\n  }\n": typeof types.CreatePlannedSiteDocument,
    "\n  query MapSites($filter: MapFilter!) {\n    mapSites(filter: $filter) {\n      id\n      name\n      site_type\n      realtime\n      contexts\n      time_span\n      latitude\n      longitude\n      owner_organisation_id\n      organisation_name\n      class_scheme\n      last_surveyed\n      survey_years\n      has_data\n      days\n      vehicles\n      adt\n      awdt\n      awedt\n      average_speed_mps\n      speed85_mps\n      speed95_mps\n      pace_kmh_from_mps\n      pace_mph_from_mps\n      speed_limit_mps\n      above_limit_percent\n      heavy_percent\n      heavy_vehicles\n      class_shares {\n        class_index\n        percent\n      }\n      last_vehicle_at\n      today_vehicles\n    }\n  }\n": typeof types.MapSitesDocument,
    "\n  mutation UpdateUserPreference($userId: ID!, $preference: JSON!) {\n    update_user_preference(userId: $userId, preference: $preference) {\n      id\n    }\n  }\n": typeof types.UpdateUserPreferenceDocument,
    "\n  query Sites(\n    $search: String\n    $filters: [String!]\n    $selected: [ID!]\n    $sort: String\n    $direction: String\n    $page: Int\n    $size: Int\n    $group: ID\n  ) {\n    sites(\n      search: $search\n      filters: $filters\n      selected: $selected\n      sort: $sort\n      direction: $direction\n      page: $page\n      page_size: $size\n      group_id: $group\n    ) {\n      total\n      sites {\n        id\n        name\n        alternative_name\n        description\n        asset_management_id\n        latitude\n        longitude\n        heading\n        direction_one\n        direction_two\n        site_type\n        realtime\n        pedestrians_included\n        class_scheme\n        time_zone\n        notes\n        site_context\n        time_span\n        gps\n        last_surveyed\n        files\n        lane_count\n        owner_organisation_id\n      }\n    }\n  }\n": typeof types.SitesDocument,
    "\n  fragment TaskEventFields on TaskTracking {\n    id\n    function_name\n    state\n    message\n    updated_at\n    file_id\n  }\n": typeof types.TaskEventFieldsFragmentDoc,
    "\n  subscription TaskTrackingUpdated {\n    task_tracking_updated {\n      ...TaskEventFields\n    }\n  }\n": typeof types.TaskTrackingUpdatedDocument,
    "\n  subscription RealtimeSiteUpdated {\n    realtime_site_updated {\n      site_id\n      updated_at\n    }\n  }\n": typeof types.RealtimeSiteUpdatedDocument,
};
const documents: Documents = {
    "\n  query FactorGroups {\n    factorGroups {\n      id\n      name\n      basis\n      min_days_per_weekday\n      factor_sites\n      monthly_factors\n      day_of_week_factors\n      continuous_sites {\n        site_id\n        name\n        site_type\n        qualifying_months\n        aadt\n      }\n      short_count_sites {\n        site_id\n        name\n        site_type\n      }\n    }\n    siteGroups {\n      id\n      name\n      site_count\n    }\n  }\n": types.FactorGroupsDocument,
    "\n  query ContinuousSitePatterns($clusters: Int!) {\n    continuousSitePatterns(clusters: $clusters) {\n      site_id\n      name\n      qualifying_months\n      aadt\n      monthly_factors\n      cluster\n    }\n  }\n": types.ContinuousSitePatternsDocument,
    "\n  mutation SetFactorGroupBasis($groupId: ID!, $basis: FactorGroupBasis) {\n    setFactorGroupBasis(group_id: $groupId, basis: $basis)\n  }\n": types.SetFactorGroupBasisDocument,
    "\n  fragment FileRow on TrafficDataFile {\n    id\n    file_name\n    uploaded_on\n    start_data_datetime\n    end_data_datetime\n    review_status\n    logs {\n      saved_vehicles\n      data_qc_tests\n      processing_error\n      duplicate_of\n    }\n    site {\n      id\n      name\n      organisation_name\n    }\n  }\n": types.FileRowFragmentDoc,
    "\n  query Files(\n    $search: String\n    $status: String\n    $sort: String\n    $direction: String\n    $page: Int\n    $size: Int\n  ) {\n    trafficDataFiles(\n      search: $search\n      status: $status\n      sort: $sort\n      direction: $direction\n      page: $page\n      page_size: $size\n    ) {\n      total\n      files {\n        ...FileRow\n      }\n    }\n  }\n": types.FilesDocument,
    "\n  query FileCounts {\n    LOAD: trafficDataFiles(status: \"LOAD\", page_size: 1) {\n      total\n    }\n    WFR: trafficDataFiles(status: \"WFR\", page_size: 1) {\n      total\n    }\n    ACC: trafficDataFiles(status: \"ACC\", page_size: 1) {\n      total\n    }\n    REJ: trafficDataFiles(status: \"REJ\", page_size: 1) {\n      total\n    }\n    PDC: trafficDataFiles(status: \"PDC\", page_size: 1) {\n      total\n    }\n    NRE: trafficDataFiles(status: \"NRE\", page_size: 1) {\n      total\n    }\n  }\n": types.FileCountsDocument,
    "\n  query FileDownload($id: ID!) {\n    s3TrafficDataFile(id: $id) {\n      url\n    }\n  }\n": types.FileDownloadDocument,
    "\n  mutation ReviewFile($fileId: ID!, $status: String!, $review: JSON) {\n    updateDataQcCheck(fileId: $fileId, status: $status, userReview: $review) {\n      id\n      review_status\n    }\n  }\n": types.ReviewFileDocument,
    "\n  mutation RequestQualityApproval($id: ID!) {\n    requestQualityApproval(fileId: $id)\n  }\n": types.RequestQualityApprovalDocument,
    "\n  query FileNotes($id: ID!) {\n    getFileNotes(fileId: $id) {\n      content\n      when\n      who\n    }\n  }\n": types.FileNotesDocument,
    "\n  mutation AddFileNote($id: ID!, $content: String!) {\n    appendTrafficDataFileNote(fileId: $id, content: $content) {\n      content\n    }\n  }\n": types.AddFileNoteDocument,
    "\n  mutation AddBulkFileNote($ids: [ID!]!, $content: String!) {\n    appendTrafficDataFileNotes(fileIds: $ids, content: $content)\n  }\n": types.AddBulkFileNoteDocument,
    "\n  query TaskStates($ids: [ID!]!) {\n    task_tracking(ids: $ids) {\n      ...TaskEventFields\n    }\n  }\n": types.TaskStatesDocument,
    "\n  query RoadSectionSites($search: String) {\n    sites(search: $search, page: 0, page_size: 50, sort: \"name\", direction: \"asc\") {\n      sites {\n        id\n        name\n        latitude\n        longitude\n      }\n    }\n  }\n": types.RoadSectionSitesDocument,
    "\n  query MapDesignFigures {\n    mapDesignFigures {\n      id\n      aadt\n      aadt_method\n      k_factor\n      d_factor\n      peak_hour_factor\n    }\n  }\n": types.MapDesignFiguresDocument,
    "\n  query MapSiteVolumes($siteId: ID!, $filter: MapFilter!) {\n    mapSiteVolumes(siteId: $siteId, filter: $filter) {\n      day\n      vehicles\n    }\n  }\n": types.MapSiteVolumesDocument,
    "\n  query MapSiteFreeFlow($siteId: ID!, $filter: MapFilter!) {\n    mapSiteFreeFlow(siteId: $siteId, filter: $filter) {\n      headway_threshold_s\n      vehicles\n      speed85_mps\n    }\n  }\n": types.MapSiteFreeFlowDocument,
    "\n  fragment MapNoteFields on MapNote {\n    id\n    text\n    longitude\n    latitude\n    group_id\n    site_id\n    site_name\n    who\n    when\n  }\n": types.MapNoteFieldsFragmentDoc,
    "\n  query MapNotes {\n    mapNotes {\n      organisation_id\n      hidden\n      can_edit\n      groups {\n        id\n        name\n      }\n      notes {\n        ...MapNoteFields\n      }\n    }\n  }\n": types.MapNotesDocument,
    "\n  mutation AddMapNote($note: MapNoteInput!) {\n    addMapNote(note: $note) {\n      ...MapNoteFields\n    }\n  }\n": types.AddMapNoteDocument,
    "\n  mutation UpdateMapNote($id: ID!, $change: MapNoteChange!) {\n    updateMapNote(id: $id, change: $change) {\n      ...MapNoteFields\n    }\n  }\n": types.UpdateMapNoteDocument,
    "\n  mutation DeleteMapNote($id: ID!) {\n    deleteMapNote(id: $id)\n  }\n": types.DeleteMapNoteDocument,
    "\n  mutation CreateMapNoteGroup($name: String!) {\n    createMapNoteGroup(name: $name) {\n      id\n    }\n  }\n": types.CreateMapNoteGroupDocument,
    "\n  mutation RenameMapNoteGroup($id: ID!, $name: String!) {\n    renameMapNoteGroup(id: $id, name: $name) {\n      id\n    }\n  }\n": types.RenameMapNoteGroupDocument,
    "\n  mutation DeleteMapNoteGroup($id: ID!) {\n    deleteMapNoteGroup(id: $id)\n  }\n": types.DeleteMapNoteGroupDocument,
    "\n  mutation RecordOrganisationView($organisationId: ID!) {\n    recordOrganisationView(organisationId: $organisationId) {\n      organisation_id\n      organisation_name\n      token\n    }\n  }\n": types.RecordOrganisationViewDocument,
    "\n  query MyNotifications {\n    myNotifications(limit: 30) {\n      unread\n      items {\n        id\n        kind\n        message\n        created_on\n        read\n      }\n    }\n  }\n": types.MyNotificationsDocument,
    "\n  mutation MarkNotificationsRead($ids: [ID!]) {\n    markNotificationsRead(ids: $ids)\n  }\n": types.MarkNotificationsReadDocument,
    "\n  query MyTasks {\n    myTasks(limit: 10) {\n      id\n      function_name\n      state\n      message\n      created_on\n      updated_at\n      progress\n    }\n  }\n": types.MyTasksDocument,
    "\n  mutation RetryTask($id: ID!) {\n    retryTask(id: $id) {\n      id\n      state\n    }\n  }\n": types.RetryTaskDocument,
    "\n  query Reports {\n    reports {\n      id\n      report_type\n      state\n      message\n      progress\n      task_id\n      file_name\n      size_bytes\n      site_count\n      created_on\n      completed_on\n      expires_on\n      expired\n      downloadable\n    }\n  }\n": types.ReportsDocument,
    "\n  mutation RequestReport($input: ReportRequestInput!) {\n    requestReport(input: $input) {\n      id\n      task_id\n      state\n    }\n  }\n": types.RequestReportDocument,
    "\n  query ReportDownload($id: ID!) {\n    reportDownload(id: $id) {\n      url\n    }\n  }\n": types.ReportDownloadDocument,
    "\n  mutation DeleteReport($id: ID!) {\n    deleteReport(id: $id)\n  }\n": types.DeleteReportDocument,
    "\n  query ReportSites($search: String) {\n    sites(search: $search, page: 0, page_size: 100, sort: \"name\", direction: \"asc\") {\n      total\n      sites {\n        id\n        name\n        site_type\n        time_span\n      }\n    }\n  }\n": types.ReportSitesDocument,
    "\n  query ReportSiteGroups {\n    siteGroups {\n      id\n      name\n      site_count\n    }\n  }\n": types.ReportSiteGroupsDocument,
    "\n  query ReportSurveys {\n    active: surveys(tab: \"active\", sort: \"start\", direction: \"desc\", page: 0, page_size: 100) {\n      surveys {\n        id\n        name\n        scheduled_start\n        scheduled_end\n        site_count\n      }\n    }\n    completed: surveys(\n      tab: \"completed\"\n      sort: \"start\"\n      direction: \"desc\"\n      page: 0\n      page_size: 100\n    ) {\n      surveys {\n        id\n        name\n        scheduled_start\n        scheduled_end\n        site_count\n      }\n    }\n  }\n": types.ReportSurveysDocument,
    "\n  query YearInReview($year: Int!, $top: Int) {\n    yearInReview(year: $year, top: $top) {\n      year\n      top\n      site_count\n      sites_left_out\n      days_in_year\n      tables {\n        busiest {\n          site_id\n          site_name\n          value\n          previous\n        }\n        fastest {\n          site_id\n          site_name\n          value\n          previous\n        }\n        speeding {\n          site_id\n          site_name\n          value\n          previous\n        }\n        adt_change {\n          site_id\n          site_name\n          value\n          previous\n        }\n        availability {\n          site_id\n          site_name\n          value\n          previous\n        }\n      }\n    }\n  }\n": types.YearInReviewDocument,
    "\n  query ReportSitesByIds($ids: [ID!]) {\n    sites(selected: $ids, filters: [\"selected_only\"], page: 0, page_size: 100) {\n      sites {\n        id\n        name\n      }\n    }\n  }\n": types.ReportSitesByIdsDocument,
    "\n  query SiteAvailability($siteId: ID!) {\n    siteAvailability(siteId: $siteId) {\n      site_id\n      first_day\n      last_day\n      days {\n        day\n        volume\n      }\n      missing_days\n    }\n  }\n": types.SiteAvailabilityDocument,
    "\n  query BadDataPeriods($siteId: ID!) {\n    badDataPeriods(siteId: $siteId) {\n      id\n      rule\n      direction\n      lane\n      start_time\n      end_time\n      value\n      state\n      reviewed_by\n      reviewed_at\n    }\n  }\n": types.BadDataPeriodsDocument,
    "\n  mutation ReviewBadDataPeriod($id: ID!, $decision: String!) {\n    reviewBadDataPeriod(id: $id, decision: $decision) {\n      id\n      state\n    }\n  }\n": types.ReviewBadDataPeriodDocument,
    "\n  mutation DetectBadDataPeriods($siteId: ID!) {\n    detectBadDataPeriods(siteId: $siteId) {\n      id\n    }\n  }\n": types.DetectBadDataPeriodsDocument,
    "\n  query CountSummary($siteId: ID!, $filter: FilterPayload, $minutes: Int) {\n    timeSeriesCountSummary(siteId: $siteId, filter: $filter, aggregation_minutes: $minutes) {\n      modes\n      bins {\n        start\n        counts {\n          pedestrian {\n            ...CountDirection\n          }\n          bike {\n            ...CountDirection\n          }\n          vehicle {\n            ...CountDirection\n          }\n        }\n      }\n      totals {\n        ...ModeFigureFields\n      }\n      wholeDays\n      dailyAverage {\n        ...ModeFigureFields\n      }\n      virtualDay {\n        pedestrian\n        bike\n        vehicle\n      }\n      virtualWeek {\n        pedestrian\n        bike\n        vehicle\n      }\n      figures {\n        pedestrian {\n          ...CountFiguresFields\n        }\n        bike {\n          ...CountFiguresFields\n        }\n        vehicle {\n          ...CountFiguresFields\n        }\n      }\n    }\n  }\n\n  fragment CountDirection on DirectionCount {\n    direction\n    count\n  }\n\n  fragment ModeFigureFields on ModeFigure {\n    pedestrian\n    bike\n    vehicle\n  }\n\n  fragment CountFiguresFields on CountFigures {\n    awdt\n    awedt\n    amPeak {\n      hour\n      count\n    }\n    pmPeak {\n      hour\n      count\n    }\n    directions {\n      ...CountDirection\n    }\n  }\n": types.CountSummaryDocument,
    "\n  fragment ExclusionFilterFields on VehicleExclusionFilter {\n    id\n    name\n    description\n    min_speed_mps\n    max_speed_mps\n    headway_greater_than_s\n    classes\n    start_time\n    end_time\n  }\n": types.ExclusionFilterFieldsFragmentDoc,
    "\n  query VehicleExclusionFilters($siteId: ID) {\n    vehicleExclusionFilters(siteId: $siteId) {\n      ...ExclusionFilterFields\n    }\n  }\n": types.VehicleExclusionFiltersDocument,
    "\n  mutation UpdateVehicleExclusionFilter($id: ID!, $filter: VehicleExclusionFilterInput!) {\n    updateVehicleExclusionFilter(id: $id, filter: $filter) {\n      ...ExclusionFilterFields\n    }\n  }\n": types.UpdateVehicleExclusionFilterDocument,
    "\n  mutation CreateVehicleExclusionFilter($siteId: ID, $filter: VehicleExclusionFilterInput!) {\n    createVehicleExclusionFilter(siteId: $siteId, filter: $filter) {\n      ...ExclusionFilterFields\n    }\n  }\n": types.CreateVehicleExclusionFilterDocument,
    "\n  mutation DeleteVehicleExclusionFilter($id: ID!) {\n    deleteVehicleExclusionFilter(id: $id)\n  }\n": types.DeleteVehicleExclusionFilterDocument,
    "\n  query FigureExplanation($siteId: ID!, $figure: ExplainedFigure!, $filter: FilterPayload) {\n    figureExplanation(siteId: $siteId, figure: $figure, filter: $filter) {\n      site_id\n      site_name\n      time_zone\n      figure\n      term\n      day_rule\n      scope\n      files {\n        id\n        name\n        kind\n        first_record\n        last_record\n        vehicles\n      }\n      days {\n        first_day\n        last_day\n        days_used\n        days {\n          day\n          volume\n          used\n          reason\n        }\n      }\n      left_out {\n        total\n        selected\n        reasons {\n          reason\n          vehicles\n          classes {\n            class_index\n            vehicles\n          }\n        }\n      }\n      filter {\n        start_time\n        end_time\n        speed_min_mps\n        speed_max_mps\n        min_headway_s\n        classes\n        directions\n        lanes {\n          direction\n          lanes\n        }\n        time_exclusions {\n          days\n          from\n          to\n        }\n        exclusions {\n          id\n          name\n        }\n      }\n      bad_data_periods {\n        rule\n        start_time\n        end_time\n        direction\n        lane\n      }\n      speed_limits {\n        effective_from\n        limit_mps\n      }\n      aadt {\n        method\n        variant\n        estimate\n        value\n        adt\n        whole_days\n        months\n        months_missing_weekdays\n        group {\n          id\n          name\n          version\n          monthly_factors\n          day_of_week_factors\n          monthly_factor\n          day_of_week_factor\n        }\n      }\n    }\n  }\n": types.FigureExplanationDocument,
    "\n  query Filterset {\n    filterset {\n      id\n      velocity_min\n      velocity_max\n      headway_min\n    }\n  }\n": types.FiltersetDocument,
    "\n  mutation UpdateFilterset($id: ID!, $headway: Float, $max: Float, $min: Float) {\n    update_filterset(id: $id, headway_min: $headway, velocity_max: $max, velocity_min: $min) {\n      id\n      velocity_min\n      velocity_max\n      headway_min\n    }\n  }\n": types.UpdateFiltersetDocument,
    "\n  query SiteDetailLeftOut($siteId: ID!, $filter: FilterPayload) {\n    siteDetail(siteId: $siteId, filter: $filter) {\n      site_id\n      leftOut {\n        total\n        selected\n        speedRange\n        speedRangeByClass {\n          classIndex\n          vehicles\n        }\n        classes\n        unclassified\n        directions\n        separation\n        lanes\n        badDataPeriods\n        exclusions\n        timeExclusions\n      }\n    }\n  }\n": types.SiteDetailLeftOutDocument,
    "\n  query SiteAadt($siteId: ID!) {\n    siteAadt(site_id: $siteId) {\n      site_id\n      method\n      reason\n      group_id\n      group_name\n      whole_days\n      adt\n      aadt\n      monthly_factor\n      day_of_week_factor\n      months\n      error_percent\n      error_samples\n    }\n  }\n": types.SiteAadtDocument,
    "\n  query SiteDetail($siteId: ID!, $filter: FilterPayload, $minutes: Int) {\n    siteDetail(siteId: $siteId, filter: $filter, aggregation_minutes: $minutes) {\n      site_id\n      site_name\n      site_type\n      latitude\n      longitude\n      time_zone\n      class_scheme\n      summary {\n        vehicles\n        wholeDays\n        adt\n        awdt\n        awedt\n        aadt\n        aadtIsEstimate\n        averageSpeedMps\n        speed85thMps\n        amPeak {\n          hour\n          vehicles\n        }\n        pmPeak {\n          hour\n          vehicles\n        }\n        totalCommercial\n        percentCommercial\n        aadtMonthsMissingWeekdays\n        speed95thMps\n        pace {\n          metric {\n            fromMps\n            toMps\n            vehicles\n            sharePercent\n          }\n          imperial {\n            fromMps\n            toMps\n            vehicles\n            sharePercent\n          }\n        }\n        designHour {\n          volume\n          kFactor\n          dFactor\n        }\n        peakHourFactor {\n          start\n          peakHourVolume\n          peakQuarterVolume\n          factor\n        }\n      }\n      bins\n      classes {\n        classIndex\n        vehicles\n        sharePercent\n        averageSpeedMps\n        speed85thMps\n      }\n      speedByClass {\n        binWidthMps\n        bins {\n          fromMps\n          counts {\n            classIndex\n            vehicles\n          }\n        }\n      }\n      headwayPercentiles {\n        percentile\n        value\n      }\n      gapPercentiles {\n        percentile\n        value\n      }\n      headwayGapMatrix {\n        edgesS\n        counts\n      }\n      speeding {\n        vehicles\n        stepsMps\n        aboveLimit {\n          vehicles\n          sharePercent\n        }\n        aboveFirstStep {\n          vehicles\n          sharePercent\n        }\n        aboveSecondStep {\n          vehicles\n          sharePercent\n        }\n      }\n      virtualDay {\n        direction\n        vehicles\n      }\n      virtualWeek {\n        direction\n        vehicles\n      }\n      availability {\n        day\n        direction\n        lane\n        vehicles\n      }\n    }\n  }\n": types.SiteDetailDocument,
    "\n  query SiteTasks($siteId: ID!) {\n    siteTasks(siteId: $siteId) {\n      id\n      function_name\n      state\n      message\n      created_on\n      updated_at\n    }\n  }\n": types.SiteTasksDocument,
    "\n  query SiteTimeRange($siteId: ID!) {\n    siteTimeRange(siteId: $siteId) {\n      site_id\n      time_zone\n      available_start\n      available_end\n      data_kinds\n    }\n  }\n": types.SiteTimeRangeDocument,
    "\n  query SiteSettings($id: ID!) {\n    site(id: $id) {\n      id\n      class_scheme\n      pedestrians_included\n    }\n  }\n": types.SiteSettingsDocument,
    "\n  mutation ChangeSiteScheme($siteId: ID!, $scheme: String!, $pedestrians: Boolean!) {\n    changeSiteScheme(siteId: $siteId, class_scheme: $scheme, pedestrians_included: $pedestrians) {\n      id\n    }\n  }\n": types.ChangeSiteSchemeDocument,
    "\n  mutation RecalculateSiteDataQuality($siteId: ID!) {\n    recalculateSiteDataQuality(siteId: $siteId) {\n      id\n    }\n  }\n": types.RecalculateSiteDataQualityDocument,
    "\n  query SpeedLimits($siteId: ID!) {\n    speedLimits(siteId: $siteId) {\n      effective_from\n      limit_mps\n    }\n  }\n": types.SpeedLimitsDocument,
    "\n  mutation SetSpeedLimits($siteId: ID!, $limits: [SpeedLimitInput!]!) {\n    setSpeedLimits(siteId: $siteId, limits: $limits) {\n      effective_from\n      limit_mps\n    }\n  }\n": types.SetSpeedLimitsDocument,
    "\n  query SiteGroups {\n    siteGroups {\n      id\n      name\n      site_count\n    }\n  }\n": types.SiteGroupsDocument,
    "\n  query SiteGroup($id: ID!) {\n    siteGroup(id: $id) {\n      id\n      name\n      site_count\n      sites {\n        id\n        name\n      }\n    }\n  }\n": types.SiteGroupDocument,
    "\n  mutation CreateSiteGroup($name: String!, $site_ids: [ID!]) {\n    createSiteGroup(name: $name, site_ids: $site_ids) {\n      id\n    }\n  }\n": types.CreateSiteGroupDocument,
    "\n  mutation RenameSiteGroup($id: ID!, $name: String!) {\n    renameSiteGroup(id: $id, name: $name) {\n      id\n    }\n  }\n": types.RenameSiteGroupDocument,
    "\n  mutation DeleteSiteGroup($id: ID!) {\n    deleteSiteGroup(id: $id)\n  }\n": types.DeleteSiteGroupDocument,
    "\n  mutation AddSitesToGroup($id: ID!, $site_ids: [ID!]!) {\n    addSitesToGroup(id: $id, site_ids: $site_ids) {\n      id\n    }\n  }\n": types.AddSitesToGroupDocument,
    "\n  mutation RemoveSitesFromGroup($id: ID!, $site_ids: [ID!]!) {\n    removeSitesFromGroup(id: $id, site_ids: $site_ids) {\n      id\n    }\n  }\n": types.RemoveSitesFromGroupDocument,
    "\n  mutation MergeSites(\n    $target_id: ID!\n    $source_ids: [ID!]!\n    $alignment: [DirectionAlignmentInput!]\n  ) {\n    mergeSites(target_id: $target_id, source_ids: $source_ids, alignment: $alignment) {\n      id\n      state\n    }\n  }\n": types.MergeSitesDocument,
    "\n  mutation ImportSites($csv: String!) {\n    importSites(csv: $csv) {\n      imported\n      message\n      errors {\n        row\n        field\n        code\n        message\n        params\n      }\n    }\n  }\n": types.ImportSitesDocument,
    "\n  query DeletedSites {\n    deletedSites {\n      id\n      name\n      site_type\n      deleted_at\n      files\n      permanent_deletion_pending\n    }\n  }\n": types.DeletedSitesDocument,
    "\n  query DeletedSiteIds {\n    deletedSites {\n      id\n    }\n  }\n": types.DeletedSiteIdsDocument,
    "\n  mutation DeleteSite($id: ID!) {\n    deleteSite(id: $id) {\n      id\n      state\n    }\n  }\n": types.DeleteSiteDocument,
    "\n  mutation RestoreSite($id: ID!) {\n    restoreSite(id: $id)\n  }\n": types.RestoreSiteDocument,
    "\n  mutation DeleteSitePermanently($id: ID!) {\n    deleteSitePermanently(id: $id) {\n      id\n      state\n    }\n  }\n": types.DeleteSitePermanentlyDocument,
    "\n  mutation UpdateSite($id: ID!, $input: SiteInput!) {\n    updateSite(id: $id, input: $input) {\n      id\n    }\n  }\n": types.UpdateSiteDocument,
    "\n  query SiteLanes($siteId: ID!) {\n    siteLanes(siteId: $siteId) {\n      id\n      direction\n      position_id\n      lane_type\n      name\n    }\n  }\n": types.SiteLanesDocument,
    "\n  mutation SetSiteLanes($siteId: ID!, $lanes: [LaneInput!]!) {\n    setSiteLanes(siteId: $siteId, lanes: $lanes) {\n      id\n    }\n  }\n": types.SetSiteLanesDocument,
    "\n  query SiteNameClashes($siteId: ID!, $name: String!) {\n    siteNameClashes(siteId: $siteId, name: $name)\n  }\n": types.SiteNameClashesDocument,
    "\n  mutation StartStaffTask($kind: StaffTaskKind!, $siteId: ID, $organisationId: ID) {\n    startStaffTask(kind: $kind, siteId: $siteId, organisationId: $organisationId) {\n      id\n      state\n      message\n    }\n  }\n": types.StartStaffTaskDocument,
    "\n  query StaffAuditLog($limit: Int, $organisationId: ID) {\n    staffAuditLog(limit: $limit, organisationId: $organisationId) {\n      id\n      username\n      action\n      organisation_id\n      organisation_name\n      detail\n      created_on\n    }\n  }\n": types.StaffAuditLogDocument,
    "\n  query Surveys(\n    $tab: String\n    $search: String\n    $sort: String\n    $direction: String\n    $page: Int\n    $size: Int\n  ) {\n    surveys(\n      tab: $tab\n      search: $search\n      sort: $sort\n      direction: $direction\n      page: $page\n      page_size: $size\n    ) {\n      total\n      surveys {\n        id\n        name\n        state\n        scheduled_start\n        scheduled_end\n        completed_on\n        counter_model\n        sensor_spacing_m\n        assignee_user_id\n        assignee_name\n        contractor_name\n        contractor_email\n        notes\n        window_days\n        site_count\n        sites_with_data\n        sites_complete\n        overdue\n        deleted_on\n        site_list {\n          attribute\n          name_format\n          name_max_length\n          overrides {\n            site_id\n            name\n            attribute\n          }\n        }\n        sites {\n          site_id\n          name\n          deleted\n          has_data\n          files\n          days\n          complete\n          quality_status\n        }\n      }\n    }\n  }\n": types.SurveysDocument,
    "\n  query SurveyAssignees {\n    surveyAssignees {\n      id\n      username\n      first_name\n      last_name\n    }\n  }\n": types.SurveyAssigneesDocument,
    "\n  query SurveySiteFileLink($id: ID!) {\n    surveySiteFileLink(id: $id) {\n      url\n    }\n  }\n": types.SurveySiteFileLinkDocument,
    "\n  mutation CreateSurvey($input: SurveyInput!) {\n    createSurvey(input: $input) {\n      id\n      name\n    }\n  }\n": types.CreateSurveyDocument,
    "\n  mutation UpdateSurvey($id: ID!, $input: SurveyInput!) {\n    updateSurvey(id: $id, input: $input) {\n      id\n      name\n    }\n  }\n": types.UpdateSurveyDocument,
    "\n  mutation DeleteSurvey($id: ID!) {\n    deleteSurvey(id: $id) {\n      id\n      state\n    }\n  }\n": types.DeleteSurveyDocument,
    "\n  mutation RestoreSurvey($id: ID!) {\n    restoreSurvey(id: $id) {\n      id\n      state\n    }\n  }\n": types.RestoreSurveyDocument,
    "\n  mutation ReopenSurvey($id: ID!) {\n    reopenSurvey(id: $id) {\n      id\n      state\n    }\n  }\n": types.ReopenSurveyDocument,
    "\n  mutation CreatePlannedSite($name: String!, $latitude: Float!, $longitude: Float!) {\n    createPlannedSite(name: $name, latitude: $latitude, longitude: $longitude) {\n      id\n      name\n    }\n  }\n": types.CreatePlannedSiteDocument,
    "\n  query MapSites($filter: MapFilter!) {\n    mapSites(filter: $filter) {\n      id\n      name\n      site_type\n      realtime\n      contexts\n      time_span\n      latitude\n      longitude\n      owner_organisation_id\n      organisation_name\n      class_scheme\n      last_surveyed\n      survey_years\n      has_data\n      days\n      vehicles\n      adt\n      awdt\n      awedt\n      average_speed_mps\n      speed85_mps\n      speed95_mps\n      pace_kmh_from_mps\n      pace_mph_from_mps\n      speed_limit_mps\n      above_limit_percent\n      heavy_percent\n      heavy_vehicles\n      class_shares {\n        class_index\n        percent\n      }\n      last_vehicle_at\n      today_vehicles\n    }\n  }\n": types.MapSitesDocument,
    "\n  mutation UpdateUserPreference($userId: ID!, $preference: JSON!) {\n    update_user_preference(userId: $userId, preference: $preference) {\n      id\n    }\n  }\n": types.UpdateUserPreferenceDocument,
    "\n  query Sites(\n    $search: String\n    $filters: [String!]\n    $selected: [ID!]\n    $sort: String\n    $direction: String\n    $page: Int\n    $size: Int\n    $group: ID\n  ) {\n    sites(\n      search: $search\n      filters: $filters\n      selected: $selected\n      sort: $sort\n      direction: $direction\n      page: $page\n      page_size: $size\n      group_id: $group\n    ) {\n      total\n      sites {\n        id\n        name\n        alternative_name\n        description\n        asset_management_id\n        latitude\n        longitude\n        heading\n        direction_one\n        direction_two\n        site_type\n        realtime\n        pedestrians_included\n        class_scheme\n        time_zone\n        notes\n        site_context\n        time_span\n        gps\n        last_surveyed\n        files\n        lane_count\n        owner_organisation_id\n      }\n    }\n  }\n": types.SitesDocument,
    "\n  fragment TaskEventFields on TaskTracking {\n    id\n    function_name\n    state\n    message\n    updated_at\n    file_id\n  }\n": types.TaskEventFieldsFragmentDoc,
    "\n  subscription TaskTrackingUpdated {\n    task_tracking_updated {\n      ...TaskEventFields\n    }\n  }\n": types.TaskTrackingUpdatedDocument,
    "\n  subscription RealtimeSiteUpdated {\n    realtime_site_updated {\n      site_id\n      updated_at\n    }\n  }\n": types.RealtimeSiteUpdatedDocument,
};

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query FactorGroups {\n    factorGroups {\n      id\n      name\n      basis\n      min_days_per_weekday\n      factor_sites\n      monthly_factors\n      day_of_week_factors\n      continuous_sites {\n        site_id\n        name\n        site_type\n        qualifying_months\n        aadt\n      }\n      short_count_sites {\n        site_id\n        name\n        site_type\n      }\n    }\n    siteGroups {\n      id\n      name\n      site_count\n    }\n  }\n"): typeof import('./graphql').FactorGroupsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ContinuousSitePatterns($clusters: Int!) {\n    continuousSitePatterns(clusters: $clusters) {\n      site_id\n      name\n      qualifying_months\n      aadt\n      monthly_factors\n      cluster\n    }\n  }\n"): typeof import('./graphql').ContinuousSitePatternsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SetFactorGroupBasis($groupId: ID!, $basis: FactorGroupBasis) {\n    setFactorGroupBasis(group_id: $groupId, basis: $basis)\n  }\n"): typeof import('./graphql').SetFactorGroupBasisDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment FileRow on TrafficDataFile {\n    id\n    file_name\n    uploaded_on\n    start_data_datetime\n    end_data_datetime\n    review_status\n    logs {\n      saved_vehicles\n      data_qc_tests\n      processing_error\n      duplicate_of\n    }\n    site {\n      id\n      name\n      organisation_name\n    }\n  }\n"): typeof import('./graphql').FileRowFragmentDoc;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Files(\n    $search: String\n    $status: String\n    $sort: String\n    $direction: String\n    $page: Int\n    $size: Int\n  ) {\n    trafficDataFiles(\n      search: $search\n      status: $status\n      sort: $sort\n      direction: $direction\n      page: $page\n      page_size: $size\n    ) {\n      total\n      files {\n        ...FileRow\n      }\n    }\n  }\n"): typeof import('./graphql').FilesDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query FileCounts {\n    LOAD: trafficDataFiles(status: \"LOAD\", page_size: 1) {\n      total\n    }\n    WFR: trafficDataFiles(status: \"WFR\", page_size: 1) {\n      total\n    }\n    ACC: trafficDataFiles(status: \"ACC\", page_size: 1) {\n      total\n    }\n    REJ: trafficDataFiles(status: \"REJ\", page_size: 1) {\n      total\n    }\n    PDC: trafficDataFiles(status: \"PDC\", page_size: 1) {\n      total\n    }\n    NRE: trafficDataFiles(status: \"NRE\", page_size: 1) {\n      total\n    }\n  }\n"): typeof import('./graphql').FileCountsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query FileDownload($id: ID!) {\n    s3TrafficDataFile(id: $id) {\n      url\n    }\n  }\n"): typeof import('./graphql').FileDownloadDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ReviewFile($fileId: ID!, $status: String!, $review: JSON) {\n    updateDataQcCheck(fileId: $fileId, status: $status, userReview: $review) {\n      id\n      review_status\n    }\n  }\n"): typeof import('./graphql').ReviewFileDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RequestQualityApproval($id: ID!) {\n    requestQualityApproval(fileId: $id)\n  }\n"): typeof import('./graphql').RequestQualityApprovalDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query FileNotes($id: ID!) {\n    getFileNotes(fileId: $id) {\n      content\n      when\n      who\n    }\n  }\n"): typeof import('./graphql').FileNotesDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AddFileNote($id: ID!, $content: String!) {\n    appendTrafficDataFileNote(fileId: $id, content: $content) {\n      content\n    }\n  }\n"): typeof import('./graphql').AddFileNoteDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AddBulkFileNote($ids: [ID!]!, $content: String!) {\n    appendTrafficDataFileNotes(fileIds: $ids, content: $content)\n  }\n"): typeof import('./graphql').AddBulkFileNoteDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query TaskStates($ids: [ID!]!) {\n    task_tracking(ids: $ids) {\n      ...TaskEventFields\n    }\n  }\n"): typeof import('./graphql').TaskStatesDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query RoadSectionSites($search: String) {\n    sites(search: $search, page: 0, page_size: 50, sort: \"name\", direction: \"asc\") {\n      sites {\n        id\n        name\n        latitude\n        longitude\n      }\n    }\n  }\n"): typeof import('./graphql').RoadSectionSitesDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query MapDesignFigures {\n    mapDesignFigures {\n      id\n      aadt\n      aadt_method\n      k_factor\n      d_factor\n      peak_hour_factor\n    }\n  }\n"): typeof import('./graphql').MapDesignFiguresDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query MapSiteVolumes($siteId: ID!, $filter: MapFilter!) {\n    mapSiteVolumes(siteId: $siteId, filter: $filter) {\n      day\n      vehicles\n    }\n  }\n"): typeof import('./graphql').MapSiteVolumesDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query MapSiteFreeFlow($siteId: ID!, $filter: MapFilter!) {\n    mapSiteFreeFlow(siteId: $siteId, filter: $filter) {\n      headway_threshold_s\n      vehicles\n      speed85_mps\n    }\n  }\n"): typeof import('./graphql').MapSiteFreeFlowDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment MapNoteFields on MapNote {\n    id\n    text\n    longitude\n    latitude\n    group_id\n    site_id\n    site_name\n    who\n    when\n  }\n"): typeof import('./graphql').MapNoteFieldsFragmentDoc;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query MapNotes {\n    mapNotes {\n      organisation_id\n      hidden\n      can_edit\n      groups {\n        id\n        name\n      }\n      notes {\n        ...MapNoteFields\n      }\n    }\n  }\n"): typeof import('./graphql').MapNotesDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AddMapNote($note: MapNoteInput!) {\n    addMapNote(note: $note) {\n      ...MapNoteFields\n    }\n  }\n"): typeof import('./graphql').AddMapNoteDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateMapNote($id: ID!, $change: MapNoteChange!) {\n    updateMapNote(id: $id, change: $change) {\n      ...MapNoteFields\n    }\n  }\n"): typeof import('./graphql').UpdateMapNoteDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeleteMapNote($id: ID!) {\n    deleteMapNote(id: $id)\n  }\n"): typeof import('./graphql').DeleteMapNoteDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateMapNoteGroup($name: String!) {\n    createMapNoteGroup(name: $name) {\n      id\n    }\n  }\n"): typeof import('./graphql').CreateMapNoteGroupDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RenameMapNoteGroup($id: ID!, $name: String!) {\n    renameMapNoteGroup(id: $id, name: $name) {\n      id\n    }\n  }\n"): typeof import('./graphql').RenameMapNoteGroupDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeleteMapNoteGroup($id: ID!) {\n    deleteMapNoteGroup(id: $id)\n  }\n"): typeof import('./graphql').DeleteMapNoteGroupDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RecordOrganisationView($organisationId: ID!) {\n    recordOrganisationView(organisationId: $organisationId) {\n      organisation_id\n      organisation_name\n      token\n    }\n  }\n"): typeof import('./graphql').RecordOrganisationViewDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query MyNotifications {\n    myNotifications(limit: 30) {\n      unread\n      items {\n        id\n        kind\n        message\n        created_on\n        read\n      }\n    }\n  }\n"): typeof import('./graphql').MyNotificationsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation MarkNotificationsRead($ids: [ID!]) {\n    markNotificationsRead(ids: $ids)\n  }\n"): typeof import('./graphql').MarkNotificationsReadDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query MyTasks {\n    myTasks(limit: 10) {\n      id\n      function_name\n      state\n      message\n      created_on\n      updated_at\n      progress\n    }\n  }\n"): typeof import('./graphql').MyTasksDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RetryTask($id: ID!) {\n    retryTask(id: $id) {\n      id\n      state\n    }\n  }\n"): typeof import('./graphql').RetryTaskDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Reports {\n    reports {\n      id\n      report_type\n      state\n      message\n      progress\n      task_id\n      file_name\n      size_bytes\n      site_count\n      created_on\n      completed_on\n      expires_on\n      expired\n      downloadable\n    }\n  }\n"): typeof import('./graphql').ReportsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RequestReport($input: ReportRequestInput!) {\n    requestReport(input: $input) {\n      id\n      task_id\n      state\n    }\n  }\n"): typeof import('./graphql').RequestReportDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ReportDownload($id: ID!) {\n    reportDownload(id: $id) {\n      url\n    }\n  }\n"): typeof import('./graphql').ReportDownloadDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeleteReport($id: ID!) {\n    deleteReport(id: $id)\n  }\n"): typeof import('./graphql').DeleteReportDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ReportSites($search: String) {\n    sites(search: $search, page: 0, page_size: 100, sort: \"name\", direction: \"asc\") {\n      total\n      sites {\n        id\n        name\n        site_type\n        time_span\n      }\n    }\n  }\n"): typeof import('./graphql').ReportSitesDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ReportSiteGroups {\n    siteGroups {\n      id\n      name\n      site_count\n    }\n  }\n"): typeof import('./graphql').ReportSiteGroupsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ReportSurveys {\n    active: surveys(tab: \"active\", sort: \"start\", direction: \"desc\", page: 0, page_size: 100) {\n      surveys {\n        id\n        name\n        scheduled_start\n        scheduled_end\n        site_count\n      }\n    }\n    completed: surveys(\n      tab: \"completed\"\n      sort: \"start\"\n      direction: \"desc\"\n      page: 0\n      page_size: 100\n    ) {\n      surveys {\n        id\n        name\n        scheduled_start\n        scheduled_end\n        site_count\n      }\n    }\n  }\n"): typeof import('./graphql').ReportSurveysDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query YearInReview($year: Int!, $top: Int) {\n    yearInReview(year: $year, top: $top) {\n      year\n      top\n      site_count\n      sites_left_out\n      days_in_year\n      tables {\n        busiest {\n          site_id\n          site_name\n          value\n          previous\n        }\n        fastest {\n          site_id\n          site_name\n          value\n          previous\n        }\n        speeding {\n          site_id\n          site_name\n          value\n          previous\n        }\n        adt_change {\n          site_id\n          site_name\n          value\n          previous\n        }\n        availability {\n          site_id\n          site_name\n          value\n          previous\n        }\n      }\n    }\n  }\n"): typeof import('./graphql').YearInReviewDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ReportSitesByIds($ids: [ID!]) {\n    sites(selected: $ids, filters: [\"selected_only\"], page: 0, page_size: 100) {\n      sites {\n        id\n        name\n      }\n    }\n  }\n"): typeof import('./graphql').ReportSitesByIdsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query SiteAvailability($siteId: ID!) {\n    siteAvailability(siteId: $siteId) {\n      site_id\n      first_day\n      last_day\n      days {\n        day\n        volume\n      }\n      missing_days\n    }\n  }\n"): typeof import('./graphql').SiteAvailabilityDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query BadDataPeriods($siteId: ID!) {\n    badDataPeriods(siteId: $siteId) {\n      id\n      rule\n      direction\n      lane\n      start_time\n      end_time\n      value\n      state\n      reviewed_by\n      reviewed_at\n    }\n  }\n"): typeof import('./graphql').BadDataPeriodsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ReviewBadDataPeriod($id: ID!, $decision: String!) {\n    reviewBadDataPeriod(id: $id, decision: $decision) {\n      id\n      state\n    }\n  }\n"): typeof import('./graphql').ReviewBadDataPeriodDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DetectBadDataPeriods($siteId: ID!) {\n    detectBadDataPeriods(siteId: $siteId) {\n      id\n    }\n  }\n"): typeof import('./graphql').DetectBadDataPeriodsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query CountSummary($siteId: ID!, $filter: FilterPayload, $minutes: Int) {\n    timeSeriesCountSummary(siteId: $siteId, filter: $filter, aggregation_minutes: $minutes) {\n      modes\n      bins {\n        start\n        counts {\n          pedestrian {\n            ...CountDirection\n          }\n          bike {\n            ...CountDirection\n          }\n          vehicle {\n            ...CountDirection\n          }\n        }\n      }\n      totals {\n        ...ModeFigureFields\n      }\n      wholeDays\n      dailyAverage {\n        ...ModeFigureFields\n      }\n      virtualDay {\n        pedestrian\n        bike\n        vehicle\n      }\n      virtualWeek {\n        pedestrian\n        bike\n        vehicle\n      }\n      figures {\n        pedestrian {\n          ...CountFiguresFields\n        }\n        bike {\n          ...CountFiguresFields\n        }\n        vehicle {\n          ...CountFiguresFields\n        }\n      }\n    }\n  }\n\n  fragment CountDirection on DirectionCount {\n    direction\n    count\n  }\n\n  fragment ModeFigureFields on ModeFigure {\n    pedestrian\n    bike\n    vehicle\n  }\n\n  fragment CountFiguresFields on CountFigures {\n    awdt\n    awedt\n    amPeak {\n      hour\n      count\n    }\n    pmPeak {\n      hour\n      count\n    }\n    directions {\n      ...CountDirection\n    }\n  }\n"): typeof import('./graphql').CountSummaryDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment ExclusionFilterFields on VehicleExclusionFilter {\n    id\n    name\n    description\n    min_speed_mps\n    max_speed_mps\n    headway_greater_than_s\n    classes\n    start_time\n    end_time\n  }\n"): typeof import('./graphql').ExclusionFilterFieldsFragmentDoc;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query VehicleExclusionFilters($siteId: ID) {\n    vehicleExclusionFilters(siteId: $siteId) {\n      ...ExclusionFilterFields\n    }\n  }\n"): typeof import('./graphql').VehicleExclusionFiltersDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateVehicleExclusionFilter($id: ID!, $filter: VehicleExclusionFilterInput!) {\n    updateVehicleExclusionFilter(id: $id, filter: $filter) {\n      ...ExclusionFilterFields\n    }\n  }\n"): typeof import('./graphql').UpdateVehicleExclusionFilterDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateVehicleExclusionFilter($siteId: ID, $filter: VehicleExclusionFilterInput!) {\n    createVehicleExclusionFilter(siteId: $siteId, filter: $filter) {\n      ...ExclusionFilterFields\n    }\n  }\n"): typeof import('./graphql').CreateVehicleExclusionFilterDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeleteVehicleExclusionFilter($id: ID!) {\n    deleteVehicleExclusionFilter(id: $id)\n  }\n"): typeof import('./graphql').DeleteVehicleExclusionFilterDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query FigureExplanation($siteId: ID!, $figure: ExplainedFigure!, $filter: FilterPayload) {\n    figureExplanation(siteId: $siteId, figure: $figure, filter: $filter) {\n      site_id\n      site_name\n      time_zone\n      figure\n      term\n      day_rule\n      scope\n      files {\n        id\n        name\n        kind\n        first_record\n        last_record\n        vehicles\n      }\n      days {\n        first_day\n        last_day\n        days_used\n        days {\n          day\n          volume\n          used\n          reason\n        }\n      }\n      left_out {\n        total\n        selected\n        reasons {\n          reason\n          vehicles\n          classes {\n            class_index\n            vehicles\n          }\n        }\n      }\n      filter {\n        start_time\n        end_time\n        speed_min_mps\n        speed_max_mps\n        min_headway_s\n        classes\n        directions\n        lanes {\n          direction\n          lanes\n        }\n        time_exclusions {\n          days\n          from\n          to\n        }\n        exclusions {\n          id\n          name\n        }\n      }\n      bad_data_periods {\n        rule\n        start_time\n        end_time\n        direction\n        lane\n      }\n      speed_limits {\n        effective_from\n        limit_mps\n      }\n      aadt {\n        method\n        variant\n        estimate\n        value\n        adt\n        whole_days\n        months\n        months_missing_weekdays\n        group {\n          id\n          name\n          version\n          monthly_factors\n          day_of_week_factors\n          monthly_factor\n          day_of_week_factor\n        }\n      }\n    }\n  }\n"): typeof import('./graphql').FigureExplanationDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Filterset {\n    filterset {\n      id\n      velocity_min\n      velocity_max\n      headway_min\n    }\n  }\n"): typeof import('./graphql').FiltersetDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateFilterset($id: ID!, $headway: Float, $max: Float, $min: Float) {\n    update_filterset(id: $id, headway_min: $headway, velocity_max: $max, velocity_min: $min) {\n      id\n      velocity_min\n      velocity_max\n      headway_min\n    }\n  }\n"): typeof import('./graphql').UpdateFiltersetDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query SiteDetailLeftOut($siteId: ID!, $filter: FilterPayload) {\n    siteDetail(siteId: $siteId, filter: $filter) {\n      site_id\n      leftOut {\n        total\n        selected\n        speedRange\n        speedRangeByClass {\n          classIndex\n          vehicles\n        }\n        classes\n        unclassified\n        directions\n        separation\n        lanes\n        badDataPeriods\n        exclusions\n        timeExclusions\n      }\n    }\n  }\n"): typeof import('./graphql').SiteDetailLeftOutDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query SiteAadt($siteId: ID!) {\n    siteAadt(site_id: $siteId) {\n      site_id\n      method\n      reason\n      group_id\n      group_name\n      whole_days\n      adt\n      aadt\n      monthly_factor\n      day_of_week_factor\n      months\n      error_percent\n      error_samples\n    }\n  }\n"): typeof import('./graphql').SiteAadtDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query SiteDetail($siteId: ID!, $filter: FilterPayload, $minutes: Int) {\n    siteDetail(siteId: $siteId, filter: $filter, aggregation_minutes: $minutes) {\n      site_id\n      site_name\n      site_type\n      latitude\n      longitude\n      time_zone\n      class_scheme\n      summary {\n        vehicles\n        wholeDays\n        adt\n        awdt\n        awedt\n        aadt\n        aadtIsEstimate\n        averageSpeedMps\n        speed85thMps\n        amPeak {\n          hour\n          vehicles\n        }\n        pmPeak {\n          hour\n          vehicles\n        }\n        totalCommercial\n        percentCommercial\n        aadtMonthsMissingWeekdays\n        speed95thMps\n        pace {\n          metric {\n            fromMps\n            toMps\n            vehicles\n            sharePercent\n          }\n          imperial {\n            fromMps\n            toMps\n            vehicles\n            sharePercent\n          }\n        }\n        designHour {\n          volume\n          kFactor\n          dFactor\n        }\n        peakHourFactor {\n          start\n          peakHourVolume\n          peakQuarterVolume\n          factor\n        }\n      }\n      bins\n      classes {\n        classIndex\n        vehicles\n        sharePercent\n        averageSpeedMps\n        speed85thMps\n      }\n      speedByClass {\n        binWidthMps\n        bins {\n          fromMps\n          counts {\n            classIndex\n            vehicles\n          }\n        }\n      }\n      headwayPercentiles {\n        percentile\n        value\n      }\n      gapPercentiles {\n        percentile\n        value\n      }\n      headwayGapMatrix {\n        edgesS\n        counts\n      }\n      speeding {\n        vehicles\n        stepsMps\n        aboveLimit {\n          vehicles\n          sharePercent\n        }\n        aboveFirstStep {\n          vehicles\n          sharePercent\n        }\n        aboveSecondStep {\n          vehicles\n          sharePercent\n        }\n      }\n      virtualDay {\n        direction\n        vehicles\n      }\n      virtualWeek {\n        direction\n        vehicles\n      }\n      availability {\n        day\n        direction\n        lane\n        vehicles\n      }\n    }\n  }\n"): typeof import('./graphql').SiteDetailDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query SiteTasks($siteId: ID!) {\n    siteTasks(siteId: $siteId) {\n      id\n      function_name\n      state\n      message\n      created_on\n      updated_at\n    }\n  }\n"): typeof import('./graphql').SiteTasksDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query SiteTimeRange($siteId: ID!) {\n    siteTimeRange(siteId: $siteId) {\n      site_id\n      time_zone\n      available_start\n      available_end\n      data_kinds\n    }\n  }\n"): typeof import('./graphql').SiteTimeRangeDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query SiteSettings($id: ID!) {\n    site(id: $id) {\n      id\n      class_scheme\n      pedestrians_included\n    }\n  }\n"): typeof import('./graphql').SiteSettingsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ChangeSiteScheme($siteId: ID!, $scheme: String!, $pedestrians: Boolean!) {\n    changeSiteScheme(siteId: $siteId, class_scheme: $scheme, pedestrians_included: $pedestrians) {\n      id\n    }\n  }\n"): typeof import('./graphql').ChangeSiteSchemeDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RecalculateSiteDataQuality($siteId: ID!) {\n    recalculateSiteDataQuality(siteId: $siteId) {\n      id\n    }\n  }\n"): typeof import('./graphql').RecalculateSiteDataQualityDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query SpeedLimits($siteId: ID!) {\n    speedLimits(siteId: $siteId) {\n      effective_from\n      limit_mps\n    }\n  }\n"): typeof import('./graphql').SpeedLimitsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SetSpeedLimits($siteId: ID!, $limits: [SpeedLimitInput!]!) {\n    setSpeedLimits(siteId: $siteId, limits: $limits) {\n      effective_from\n      limit_mps\n    }\n  }\n"): typeof import('./graphql').SetSpeedLimitsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query SiteGroups {\n    siteGroups {\n      id\n      name\n      site_count\n    }\n  }\n"): typeof import('./graphql').SiteGroupsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query SiteGroup($id: ID!) {\n    siteGroup(id: $id) {\n      id\n      name\n      site_count\n      sites {\n        id\n        name\n      }\n    }\n  }\n"): typeof import('./graphql').SiteGroupDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateSiteGroup($name: String!, $site_ids: [ID!]) {\n    createSiteGroup(name: $name, site_ids: $site_ids) {\n      id\n    }\n  }\n"): typeof import('./graphql').CreateSiteGroupDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RenameSiteGroup($id: ID!, $name: String!) {\n    renameSiteGroup(id: $id, name: $name) {\n      id\n    }\n  }\n"): typeof import('./graphql').RenameSiteGroupDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeleteSiteGroup($id: ID!) {\n    deleteSiteGroup(id: $id)\n  }\n"): typeof import('./graphql').DeleteSiteGroupDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AddSitesToGroup($id: ID!, $site_ids: [ID!]!) {\n    addSitesToGroup(id: $id, site_ids: $site_ids) {\n      id\n    }\n  }\n"): typeof import('./graphql').AddSitesToGroupDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RemoveSitesFromGroup($id: ID!, $site_ids: [ID!]!) {\n    removeSitesFromGroup(id: $id, site_ids: $site_ids) {\n      id\n    }\n  }\n"): typeof import('./graphql').RemoveSitesFromGroupDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation MergeSites(\n    $target_id: ID!\n    $source_ids: [ID!]!\n    $alignment: [DirectionAlignmentInput!]\n  ) {\n    mergeSites(target_id: $target_id, source_ids: $source_ids, alignment: $alignment) {\n      id\n      state\n    }\n  }\n"): typeof import('./graphql').MergeSitesDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ImportSites($csv: String!) {\n    importSites(csv: $csv) {\n      imported\n      message\n      errors {\n        row\n        field\n        code\n        message\n        params\n      }\n    }\n  }\n"): typeof import('./graphql').ImportSitesDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query DeletedSites {\n    deletedSites {\n      id\n      name\n      site_type\n      deleted_at\n      files\n      permanent_deletion_pending\n    }\n  }\n"): typeof import('./graphql').DeletedSitesDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query DeletedSiteIds {\n    deletedSites {\n      id\n    }\n  }\n"): typeof import('./graphql').DeletedSiteIdsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeleteSite($id: ID!) {\n    deleteSite(id: $id) {\n      id\n      state\n    }\n  }\n"): typeof import('./graphql').DeleteSiteDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RestoreSite($id: ID!) {\n    restoreSite(id: $id)\n  }\n"): typeof import('./graphql').RestoreSiteDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeleteSitePermanently($id: ID!) {\n    deleteSitePermanently(id: $id) {\n      id\n      state\n    }\n  }\n"): typeof import('./graphql').DeleteSitePermanentlyDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateSite($id: ID!, $input: SiteInput!) {\n    updateSite(id: $id, input: $input) {\n      id\n    }\n  }\n"): typeof import('./graphql').UpdateSiteDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query SiteLanes($siteId: ID!) {\n    siteLanes(siteId: $siteId) {\n      id\n      direction\n      position_id\n      lane_type\n      name\n    }\n  }\n"): typeof import('./graphql').SiteLanesDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SetSiteLanes($siteId: ID!, $lanes: [LaneInput!]!) {\n    setSiteLanes(siteId: $siteId, lanes: $lanes) {\n      id\n    }\n  }\n"): typeof import('./graphql').SetSiteLanesDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query SiteNameClashes($siteId: ID!, $name: String!) {\n    siteNameClashes(siteId: $siteId, name: $name)\n  }\n"): typeof import('./graphql').SiteNameClashesDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation StartStaffTask($kind: StaffTaskKind!, $siteId: ID, $organisationId: ID) {\n    startStaffTask(kind: $kind, siteId: $siteId, organisationId: $organisationId) {\n      id\n      state\n      message\n    }\n  }\n"): typeof import('./graphql').StartStaffTaskDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query StaffAuditLog($limit: Int, $organisationId: ID) {\n    staffAuditLog(limit: $limit, organisationId: $organisationId) {\n      id\n      username\n      action\n      organisation_id\n      organisation_name\n      detail\n      created_on\n    }\n  }\n"): typeof import('./graphql').StaffAuditLogDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Surveys(\n    $tab: String\n    $search: String\n    $sort: String\n    $direction: String\n    $page: Int\n    $size: Int\n  ) {\n    surveys(\n      tab: $tab\n      search: $search\n      sort: $sort\n      direction: $direction\n      page: $page\n      page_size: $size\n    ) {\n      total\n      surveys {\n        id\n        name\n        state\n        scheduled_start\n        scheduled_end\n        completed_on\n        counter_model\n        sensor_spacing_m\n        assignee_user_id\n        assignee_name\n        contractor_name\n        contractor_email\n        notes\n        window_days\n        site_count\n        sites_with_data\n        sites_complete\n        overdue\n        deleted_on\n        site_list {\n          attribute\n          name_format\n          name_max_length\n          overrides {\n            site_id\n            name\n            attribute\n          }\n        }\n        sites {\n          site_id\n          name\n          deleted\n          has_data\n          files\n          days\n          complete\n          quality_status\n        }\n      }\n    }\n  }\n"): typeof import('./graphql').SurveysDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query SurveyAssignees {\n    surveyAssignees {\n      id\n      username\n      first_name\n      last_name\n    }\n  }\n"): typeof import('./graphql').SurveyAssigneesDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query SurveySiteFileLink($id: ID!) {\n    surveySiteFileLink(id: $id) {\n      url\n    }\n  }\n"): typeof import('./graphql').SurveySiteFileLinkDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateSurvey($input: SurveyInput!) {\n    createSurvey(input: $input) {\n      id\n      name\n    }\n  }\n"): typeof import('./graphql').CreateSurveyDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateSurvey($id: ID!, $input: SurveyInput!) {\n    updateSurvey(id: $id, input: $input) {\n      id\n      name\n    }\n  }\n"): typeof import('./graphql').UpdateSurveyDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeleteSurvey($id: ID!) {\n    deleteSurvey(id: $id) {\n      id\n      state\n    }\n  }\n"): typeof import('./graphql').DeleteSurveyDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RestoreSurvey($id: ID!) {\n    restoreSurvey(id: $id) {\n      id\n      state\n    }\n  }\n"): typeof import('./graphql').RestoreSurveyDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ReopenSurvey($id: ID!) {\n    reopenSurvey(id: $id) {\n      id\n      state\n    }\n  }\n"): typeof import('./graphql').ReopenSurveyDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreatePlannedSite($name: String!, $latitude: Float!, $longitude: Float!) {\n    createPlannedSite(name: $name, latitude: $latitude, longitude: $longitude) {\n      id\n      name\n    }\n  }\n"): typeof import('./graphql').CreatePlannedSiteDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query MapSites($filter: MapFilter!) {\n    mapSites(filter: $filter) {\n      id\n      name\n      site_type\n      realtime\n      contexts\n      time_span\n      latitude\n      longitude\n      owner_organisation_id\n      organisation_name\n      class_scheme\n      last_surveyed\n      survey_years\n      has_data\n      days\n      vehicles\n      adt\n      awdt\n      awedt\n      average_speed_mps\n      speed85_mps\n      speed95_mps\n      pace_kmh_from_mps\n      pace_mph_from_mps\n      speed_limit_mps\n      above_limit_percent\n      heavy_percent\n      heavy_vehicles\n      class_shares {\n        class_index\n        percent\n      }\n      last_vehicle_at\n      today_vehicles\n    }\n  }\n"): typeof import('./graphql').MapSitesDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateUserPreference($userId: ID!, $preference: JSON!) {\n    update_user_preference(userId: $userId, preference: $preference) {\n      id\n    }\n  }\n"): typeof import('./graphql').UpdateUserPreferenceDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Sites(\n    $search: String\n    $filters: [String!]\n    $selected: [ID!]\n    $sort: String\n    $direction: String\n    $page: Int\n    $size: Int\n    $group: ID\n  ) {\n    sites(\n      search: $search\n      filters: $filters\n      selected: $selected\n      sort: $sort\n      direction: $direction\n      page: $page\n      page_size: $size\n      group_id: $group\n    ) {\n      total\n      sites {\n        id\n        name\n        alternative_name\n        description\n        asset_management_id\n        latitude\n        longitude\n        heading\n        direction_one\n        direction_two\n        site_type\n        realtime\n        pedestrians_included\n        class_scheme\n        time_zone\n        notes\n        site_context\n        time_span\n        gps\n        last_surveyed\n        files\n        lane_count\n        owner_organisation_id\n      }\n    }\n  }\n"): typeof import('./graphql').SitesDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment TaskEventFields on TaskTracking {\n    id\n    function_name\n    state\n    message\n    updated_at\n    file_id\n  }\n"): typeof import('./graphql').TaskEventFieldsFragmentDoc;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription TaskTrackingUpdated {\n    task_tracking_updated {\n      ...TaskEventFields\n    }\n  }\n"): typeof import('./graphql').TaskTrackingUpdatedDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription RealtimeSiteUpdated {\n    realtime_site_updated {\n      site_id\n      updated_at\n    }\n  }\n"): typeof import('./graphql').RealtimeSiteUpdatedDocument;


export function graphql(source: string) {
  return (documents as any)[source] ?? {};
}
